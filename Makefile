# StressPunch for Linux. `make run` and `make test` set up a fresh Debian machine
# (installing missing packages with apt-get), build, and run the app or every test.

SWIFT ?= swift
PREFIX ?= /usr/local
ARGS ?=

.PHONY: run run-debug test soak build release bench deps test-deps clean

# The optimized build: the renderer is tens of times slower without optimization
# (3 fps instead of 60). Only the app's product: the benchmark needs pixman, which
# only test-deps installs.
run: deps
	$(SWIFT) build -c release --product stresspunch
	.build/release/stresspunch $(ARGS)

# A debug build, for a debugger: slow, but with every check and symbol.
run-debug: deps
	$(SWIFT) build --product stresspunch
	.build/debug/stresspunch $(ARGS)

# Tests build in release: the end-to-end tests run the real app, and the renderer's
# SIMD paths are tens of times slower unoptimized (the suite takes seconds, not
# minutes). The real-window test watches a half-second animation on an X server, so
# it runs on its own after the rest, not beside a hundred parallel tests.
test: test-deps
	$(SWIFT) build -c release --build-tests
	$(SWIFT) test -c release --skip-build --skip RealWindowTests
	$(SWIFT) test -c release --skip-build --filter RealWindowTests

# Long runs kept out of CI: the UI monkey over 100,000 events on a fresh seed (the
# seed is printed on failure, to replay it).
soak: test-deps
	$(SWIFT) build -c release --build-tests
	STRESSPUNCH_MONKEY_EVENTS=100000 STRESSPUNCH_MONKEY_SEED=$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ') \
		$(SWIFT) test -c release --skip-build --filter UIMonkeyTests

build: deps
	$(SWIFT) build --product stresspunch

release: deps
	$(SWIFT) build -c release --product stresspunch

bench: test-deps
	$(SWIFT) run -c release stresspunch-bench $(ARGS)

deps:
	@./.ci/install-deps

test-deps:
	@./.ci/install-deps --test

clean:
	rm -rf .build
