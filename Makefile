# Two entry points: `make lab` (install and open the notebooks) and `make test` (install and run
# every test, notebooks included). Both create .venv on first use.
VENV := .venv
PY := $(VENV)/bin/python

VOILA_TEMPLATE := share/jupyter/voila/templates/mahjong-tutor

$(VENV)/.installed: pyproject.toml $(wildcard $(VOILA_TEMPLATE)/*)
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[notebook,dev,cluster]'
	mkdir -p $(VENV)/share/jupyter/voila/templates && cp -r $(VOILA_TEMPLATE) $(VENV)/share/jupyter/voila/templates/
	touch $@

.PHONY: lab test bench soak chromium pyodide
lab: $(VENV)/.installed
	$(VENV)/bin/jupyter lab notebooks/ $(if $(filter 0,$(shell id -u)),--allow-root)

# The browser test needs Debian's Chromium: installed here when missing and we may (root).
chromium:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
	  && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium \
	  fonts-noto-cjk >/dev/null; } || echo "chromium not installed: the browser test will skip"

# The Pyodide test runs the engine in Node.js: Pyodide comes from the npm registry.
pyodide:
	@if command -v npm >/dev/null 2>&1; then cd tests/pyodide && npm ci --silent --no-audit \
	  --no-fund; else echo "npm not installed: the Pyodide test will skip"; fi

test: $(VENV)/.installed chromium pyodide
	$(VENV)/bin/ruff check tutor tests benchmarks
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest --nbval --nbval-current-env --nbval-kernel-startup-timeout=120 \
	  --doctest-glob=README.md tests notebooks README.md

bench: $(VENV)/.installed
	$(PY) benchmarks/bench_hands.py
	$(PY) benchmarks/bench_game.py
	$(PY) benchmarks/bench_widgets.py

# The long run of the seat-view test: 3,000 seeded hands per game (make test plays 300), two
# processes at once.
soak: $(VENV)/.installed
	TUTOR_SEAT_HANDS=3000 $(VENV)/bin/pytest -p no:cacheprovider -q tests/game/test_seat_view.py \
	  -k "HUANGYAN or catches or own" & first=$$!; \
	TUTOR_SEAT_HANDS=3000 $(VENV)/bin/pytest -p no:cacheprovider -q tests/game/test_seat_view.py \
	  -k "HANGZHOU or GUIYANG"; second=$$?; wait $$first && exit $$second
