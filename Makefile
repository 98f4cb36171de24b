# One entry point for set-up, play, tests, benchmarks and builds.
# Every target creates .venv itself, so a fresh clone needs nothing but Python 3.10+.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-test
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: run test lint bench bench-full fuzz soak dist dist-onedir dist-smoke deb deb-check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

COMPILED := game/pushfight/rules/_successors.c
# C speed-ups of the pure rules, compiled by the install (hatch_build.py).

$(VENV)/.installed-run: pyproject.toml $(COMPILED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP): pyproject.toml $(COMPILED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(BIN)/python -m game

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/actionlint -no-color .github/workflows/*.yml
	$(BIN)/zizmor --offline --no-progress .github/workflows

test: lint
	$(HEADLESS) $(BIN)/python -m pytest

# The quick set (minutes) feeds docs/benchmarks.md; bench-full adds the long runs (hours:
# arenas, soak, network load); the doc says which figure comes from which.
bench: $(STAMP)
	$(HEADLESS) $(BIN)/python -m bench

bench-full: $(STAMP)
	$(HEADLESS) $(BIN)/python -m bench --full

soak: $(STAMP)
	$(HEADLESS) $(BIN)/python -m bench.soak --games 500 --minutes 10

# Four atheris targets: record bytes, the player's settings and high-score files,
# structure-aware mutants of valid records of every game (slower per run: it re-plays games),
# and online messages (the codec, and every message it reads handed to a table).
FUZZ_RUNS ?= 100000
FUZZ_STRUCTURE_RUNS ?= 20000
fuzz: $(STAMP)
	$(BIN)/python -m pip install --quiet atheris
	mkdir -p build/out/fuzz-corpus build/out/fuzz-user-files
	$(BIN)/python fuzz/fuzz_records.py build/out/fuzz-corpus -runs=$(FUZZ_RUNS) -max_len=65536
	$(BIN)/python fuzz/fuzz_user_files.py build/out/fuzz-user-files -runs=$(FUZZ_RUNS) \
		-max_len=65536
	$(BIN)/python fuzz/fuzz_record_structure.py -runs=$(FUZZ_STRUCTURE_RUNS) -max_len=4096 \
		-len_control=0
	mkdir -p build/out/fuzz-net-messages
	$(BIN)/python fuzz/fuzz_net_messages.py build/out/fuzz-net-messages -runs=$(FUZZ_RUNS) \
		-max_len=17000

# Standalone executables for the machine this runs on (PyInstaller does not cross-compile;
# docs/packaging.md). dist-smoke runs --smoke-test on whatever was built, as CI does.
DIST_STAMP := $(VENV)/.installed-dist
FREEZE := $(BIN)/pyinstaller build/pyinstaller.spec --distpath dist \
	--workpath build/out/pyinstaller --noconfirm --log-level WARN

$(DIST_STAMP): pyproject.toml $(COMPILED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dist]'
	touch $@ $(VENV)/.installed-run

dist: $(DIST_STAMP)
	$(FREEZE) -- --target both
	@du -sh dist/conquid-arcade dist/conquid-arcade-onefile*

dist-onedir: $(DIST_STAMP)
	$(FREEZE) -- --target onedir
	@du -sh dist/conquid-arcade

dist-smoke:
	@for exe in dist/conquid-arcade/conquid-arcade dist/conquid-arcade-onefile; do \
		if [ -x "$$exe" ]; then echo "== $$exe --smoke-test"; \
			$(HEADLESS) "$$exe" --smoke-test || exit 1; \
			echo "== $$exe net-smoke"; "$$exe" net-smoke || exit 1; fi; \
	done

# The Debian package of the one-folder build (build/deb.py; docs/packaging.md): built from
# what dist-onedir made (built first if missing), its desktop entry and metainfo validated
# (desktop-file-utils, appstream). PROJECT_URL: the homepage and screenshots' address.
# deb-check installs it with apt, runs it from the PATH and removes it (root; .ci/run).
PROJECT_URL ?=
deb: $(DIST_STAMP)
	@[ -x dist/conquid-arcade/conquid-arcade ] || $(MAKE) dist-onedir
	$(BIN)/python build/deb.py $(if $(PROJECT_URL),--url $(PROJECT_URL))

deb-check:
	bash build/deb_check.sh

clean:
	rm -rf $(VENV) build/out dist .pytest_cache .mypy_cache .ruff_cache
