# The two commands a newcomer needs: `make run` and `make test`. Both set up
# everything they use themselves, into .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Python keeps its compiled modules (__pycache__, ignored by git) even where the
# environment says not to (PYTHONDONTWRITEBYTECODE=1 on this machine kind; an empty
# value means unset). Without them every process compiles Django, Celery and the
# project from source again (each test process, and every worker, web server and
# command the suite starts), and pytest rewrites the asserts of every test module in
# each of its processes: collecting the suite took 14 s of CPU a process, 3 with them
export PYTHONDONTWRITEBYTECODE :=

.PHONY: run test lint typecheck bench setup clean

# uv installs the ~140 packages (its version from pyproject's dev list): 20-30 s on
# this 2-core machine where pip took 100-140 s (pip resolves, unpacks and compiles one
# package at a time; uv in parallel, from its cache in ~/.cache/uv after the first time)
UV_SPEC := $(shell grep -o '"uv[>=<][^"]*"' pyproject.toml | tr -d '"')

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet '$(UV_SPEC)'
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[dev]'
	touch $(STAMP)

# the browser tests drive Debian's chromium (Playwright's own download is not used)
setup: $(STAMP)
	test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium)
	command -v bwrap >/dev/null || (apt-get update && apt-get install -y bubblewrap)
	# the bot runtimes besides Python: JavaScript (node), native programs (gcc builds
	# the C starter in the tests), Java (a headless JDK: the JRE, and javac and jar
	# build the Java starter in the tests)
	command -v node >/dev/null || (apt-get update && apt-get install -y nodejs)
	command -v gcc >/dev/null || (apt-get update && apt-get install -y gcc libc6-dev)
	command -v javac >/dev/null || (apt-get update && apt-get install -y default-jdk-headless)

# the local demo server runs with DEBUG on (so the development secret key is allowed)
DEMO_ENV := DJANGO_DEBUG=1
# make run's web address is 127.0.0.1:$(PORT) (make run PORT=8001 for another)
PORT ?= 8000
# the demo matches stored per game (manage.py demo --matches); two of the four
# default ones are search-1's, 20 s of CPU in all: DEMO_MATCHES=1 (greedy v random
# only, under a second) starts sooner
DEMO_MATCHES ?= 4

run: setup
	$(DEMO_ENV) $(BIN)/python manage.py migrate --noinput
	$(DEMO_ENV) $(BIN)/python manage.py demo --matches $(DEMO_MATCHES)
	$(DEMO_ENV) $(BIN)/python manage.py demo_seasons
	@echo "Scrimmage at http://127.0.0.1:$(PORT)  -  admin: http://127.0.0.1:$(PORT)/admin/ (login admin / admin)"
	@echo "web, worker and beat run under honcho (Procfile); Ctrl-C stops all three"
	@# exec: Ctrl-C reaches make and run_local.py, but no shell between them that
	@# would die of it and make make report an error after a clean stop
	exec env $(DEMO_ENV) SCRIMMAGE_PORT=$(PORT) PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python deploy/run_local.py

# the suite in parallel, two processes a core (pytest-xdist; each process has its
# own test database and Redis database): much of it waits on real workers, browsers
# and the database, so one a core left a 2-core machine half idle (-n 2: 950-1,060 s,
# -n 4: 718 s, CPU 1.4 cores of 2); at most 16, Redis' databases, one a process;
# the slowest tests are listed at the end
TEST_PROCESSES ?= $(shell n=$$(( $$(nproc) * 2 )); echo $$(( n < 16 ? n : 16 )))
test: setup
	$(BIN)/python -m pytest -n $(TEST_PROCESSES) --dist worksteal --durations=20

# ruff: the lint rules ([tool.ruff.lint] in pyproject.toml) and the formatter's check
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy over engine/, platform/ and tournaments/ ([tool.mypy] in pyproject.toml); the
# settings the Django plugin loads need DEBUG on (or a secret key) to import
# mypy keeps its cache outside the checkout, so a fresh clone or worktree (CI's) reuses
# what an earlier one checked: 3 s instead of 30 here. A module is checked again when
# its text, the options or mypy's version differ (mypy compares hashes), so the answer
# is the same as a run with no cache.
typecheck: $(STAMP)
	DJANGO_DEBUG=1 MYPY_CACHE_DIR="$${XDG_CACHE_HOME:-$$HOME/.cache}/scrimmage/mypy" $(BIN)/mypy

bench: setup
	$(BIN)/python -m bench.run

# mutation testing (mutmut, docs/testing.md): one module with the tests that guard
# it, e.g. `make mutate MODULE=engine/games/powerball/fire.py`; mutate-all runs
# every module of bench/mutation_targets.py's TARGETS (hours). Scores: bench/mutation.json.
# FUNCTION=name (a function of MODULE) runs only that function's mutants.
# Never part of .ci/run. Platform modules use DATABASE_URL's server.
# mutate-planted: the rule values and lines issue 31's audit planted by hand (mutmut
# leaves constants alone), each with the test that must catch it (bench/planted.py).
.PHONY: mutate mutate-all mutate-planted
mutate: $(STAMP)
	$(BIN)/python -m bench.mutate $(MODULE) $(if $(FUNCTION),--function $(FUNCTION))

mutate-all: $(STAMP)
	$(BIN)/python -m bench.mutate --all

mutate-planted: $(STAMP)
	$(BIN)/python -m bench.planted

# Scrimmage against OpenSpiel, PettingZoo and kaggle-environments (installed into
# .venv-peers, never into .venv); writes bench/peers.json. See docs/performance.md.
.PHONY: bench-peers
bench-peers: $(STAMP)
	$(BIN)/python bench/peers/run.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache
