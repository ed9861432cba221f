# Two entry points: `make lab` (install and open the notebooks) and `make test` (install and run
# every test, notebooks included). Both create .venv on first use.
VENV := .venv
PY := $(VENV)/bin/python

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[notebook,dev,cluster]'
	touch $@

.PHONY: lab test bench chromium pyodide
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
