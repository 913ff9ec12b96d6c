# One command each to run, test, lint and benchmark greedbot on a fresh machine.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-sqlite goldens lint format bench soak clean

# (Re)install when the dependencies change.
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "greedbot needs Python 3.11 or newer (PYTHON=$(PYTHON))"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/greedbot run

# One process per core (pytest-xdist), each taking the next test as it frees up; PYTEST_ARGS adds options.
test: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist worksteal $(PYTEST_ARGS)

# Rewrite tests/transcripts/*.out from the replays; review the diff before committing it.
goldens: $(STAMP)
	$(BIN)/python -m pytest -q tests/console/test_transcripts.py --update-goldens

lint: $(STAMP)
	$(BIN)/ruff check bot tests bench
	$(BIN)/ruff format --check bot tests bench
	$(BIN)/mypy --strict bot

format: $(STAMP)
	$(BIN)/ruff format bot tests bench
	$(BIN)/ruff check --fix bot tests bench

bench: $(STAMP)
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/python bench/engine.py
	$(BIN)/python bench/village.py $(if $(BENCH_POSTGRES),--postgres $(BENCH_POSTGRES))
	$(BIN)/python bench/table_moves.py $(if $(BENCH_POSTGRES),--postgres $(BENCH_POSTGRES))
	$(BIN)/python bench/picture.py
	$(BIN)/python bench/days.py $(if $(BENCH_POSTGRES),--postgres $(BENCH_POSTGRES))
	$(BIN)/python bench/days.py --villages 1000
	$(BIN)/python bench/verify_page.py
	$(BIN)/python bench/channel_pace.py

# The fault soak: the bot killed and restarted, its PostgreSQL stopped and started, under a
# village's load (about 12 minutes; SOAK_ARGS=--quick for a smoke run of two).
soak: $(STAMP)
	$(BIN)/python -m bench.soak $(SOAK_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
