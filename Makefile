# Entry points: `make lab` (install the package with its notebook extra, open the notebooks in
# JupyterLab), `make test` (install everything, run every test, notebooks included), `make site`
# (build the JupyterLite site into site/), `make classroom` and `make soak`. Each creates .venv on
# first use; `make lab` installs only what a learner needs, `make test` adds the rest.
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8888
BROWSER ?= yes
STUDENTS ?= 20

$(VENV)/.created:
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	touch $@

# The learner's install: the package and JupyterLab, no byte-code compiled ahead (Python compiles
# what it imports on first use).
$(VENV)/.notebook: pyproject.toml setup.py | $(VENV)/.created
	$(PY) -m pip install --quiet --no-compile -e '.[notebook]'
	touch $@

# What building the JupyterLite site needs (JupyterLite itself; the site's own wheels are pinned
# in tools/site-requirements.txt).
$(VENV)/.site: pyproject.toml setup.py | $(VENV)/.created
	$(PY) -m pip install --quiet -e '.[site]'
	touch $@

VOILA_TEMPLATE := share/jupyter/voila/templates/mahjong-tutor

$(VENV)/.installed: pyproject.toml setup.py $(wildcard $(VOILA_TEMPLATE)/*) | $(VENV)/.created
	$(PY) -m pip install --quiet -e '.[notebook,plots,classroom,site,cluster,dev]'
	@# an editable install skips data files: put the Voila template (no CDN) in place
	mkdir -p $(VENV)/share/jupyter/voila/templates && cp -r $(VOILA_TEMPLATE) $(VENV)/share/jupyter/voila/templates/
	touch $@ $(VENV)/.notebook $(VENV)/.site

.PHONY: lab test bench chromium pyodide axe site classroom soak catalog notebooks
lab: $(VENV)/.notebook
	$(VENV)/bin/jupyter trust notebooks/*.ipynb notebooks/apps/*.ipynb \
	  notebooks/zh/*.ipynb notebooks/zh/apps/*.ipynb  # pictures before running (both editions)
	@# JupyterLab as `tutor lab` starts it: the first lesson open, the announcements off (no news
	@# toast, no update check: settings in notebooks/.lab-settings/, hidden, not committed)
	$(PY) -c 'import os, pathlib, tutor.cli.lab as lab; command = lab.jupyterlab_command(\
	  pathlib.Path("notebooks").resolve(), $(PORT), "$(BROWSER)" != "no"); os.execv(command[0], command)'

# The translations (Babel, in the dev extra): extract every marked text into
# tutor/locale/tutor.pot, update each language's tutor.po, compile the tutor.mo the package reads.
# Commit the three; tests/i18n checks that they agree and that every text is translated.
catalog: $(VENV)/.installed
	$(PY) tools/catalog.py

# Run every notebook of both editions in place (after a change to what they show), as nbval
# checks them: a fresh progress store each, streams joined. Commit the outputs.
notebooks: $(VENV)/.installed
	$(PY) tools/run_notebooks.py

# The JupyterLite site: every notebook and app running in the browser (Pyodide), no server; the
# start page offers each course (English, and Chinese when notebooks/zh exists) and opens the
# apps as apps. Needs npm and Node.js (Pyodide's core; the byte-code is compiled in Node.js).
site: $(VENV)/.site
	$(PY) tools/build_site.py site

# The classroom apps served to the room by Voila behind a class code: APPS (default practice)
# with a warm kernel per student and a quarter more (late arrivals, reloads), the other apps
# started when opened. Each kernel holds 60-63 MB
# and takes 7-11 s to start and run its app on the 2-core machine under load (practice 7.4 s,
# the others 9.6-10.7 s; README's table, from benchmarks/bench_classroom.py); warming is done
# two at a time. The port is 8866, or a free one if taken
# (CLASS_PORT=... to choose; printed either way). LANG=zh on make's command line serves the
# Chinese edition's apps (the shell's own LANG, a locale, is not read).
APPS ?= practice
classroom: $(VENV)/.installed
	$(VENV)/bin/tutor classroom $(APPS) --students $(STUDENTS) $(if $(CLASS_PORT),--port $(CLASS_PORT)) $(if $(filter command line,$(origin LANG)),--lang $(LANG))

# The browser test needs Debian's Chromium: installed here when missing and we may (root).
chromium:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
	  && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium \
	  fonts-noto-cjk >/dev/null; } || echo "chromium not installed: the browser test will skip"

# The Pyodide test runs the engine in Node.js: Pyodide comes from the npm registry.
pyodide:
	@if command -v npm >/dev/null 2>&1; then cd tests/pyodide && npm ci --silent --no-audit \
	  --no-fund; else echo "npm not installed: the Pyodide test will skip"; fi

# The browser tests check accessibility with axe-core, from the npm registry.
axe:
	@if command -v npm >/dev/null 2>&1; then cd tests/browser && npm ci --silent --no-audit \
	  --no-fund; else echo "npm not installed: the accessibility checks will skip"; fi

test: $(VENV)/.installed chromium pyodide axe
	$(VENV)/bin/ruff check tutor tests benchmarks tools
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest --nbval --nbval-current-env --nbval-kernel-startup-timeout=120 \
	  --doctest-glob=README.md tests notebooks README.md
	@# the whole-hand invariants on 10,000 seeded hands per game, with the counts printed
	$(VENV)/bin/pytest -p no:cacheprovider -q -s -m soak tests/game/test_invariants.py

bench: $(VENV)/.installed
	$(PY) benchmarks/bench_hands.py
	$(PY) benchmarks/bench_game.py
	$(PY) benchmarks/bench_widgets.py
	$(PY) benchmarks/bench_diagrams.py
	$(PY) benchmarks/bench_coach.py

# The long runs: the classroom server under load (scripted students on loopback, no browsers),
# then the seat-view test on 3,000 seeded hands per game (make test plays 300), two processes at
# once. (The invariants on 10,000 hands per game are part of make test.)
soak: $(VENV)/.installed
	$(VENV)/bin/pytest -p no:cacheprovider -m soak -s tests/classroom
	TUTOR_SEAT_HANDS=3000 $(VENV)/bin/pytest -p no:cacheprovider -q tests/game/test_seat_view.py \
	  -k "HUANGYAN or catches or own" & first=$$!; \
	TUTOR_SEAT_HANDS=3000 $(VENV)/bin/pytest -p no:cacheprovider -q tests/game/test_seat_view.py \
	  -k "HANGZHOU or GUIYANG"; second=$$?; wait $$first && exit $$second
