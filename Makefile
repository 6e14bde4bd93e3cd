# The two commands a newcomer needs: `make run` and `make test`. Both set up
# everything they use themselves, into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench setup clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/scrimmage games
	$(BIN)/scrimmage play tic_tac_toe greedy random --seed 7

test: setup
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python -m bench.run

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
