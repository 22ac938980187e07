# StressPunch for Linux. `make run` and `make test` set up a fresh Debian machine
# (installing missing packages with apt-get), build, and run the app or every test.

SWIFT ?= swift
PREFIX ?= /usr/local
ARGS ?=

.PHONY: run run-debug test soak sanitize fuzz build release bench deps test-deps clean

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
	$(SWIFT) test -c release --skip-build --skip "RealWindowTests|RecordTests"
	$(SWIFT) test -c release --skip-build --filter "RealWindowTests|RecordTests"

# Long runs kept out of CI: the UI monkey over 100,000 events on a fresh seed (the
# seed is printed on failure, to replay it).
soak: test-deps
	$(SWIFT) build -c release --build-tests
	STRESSPUNCH_MONKEY_EVENTS=100000 STRESSPUNCH_MONKEY_SEED=$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ') \
		$(SWIFT) test -c release --skip-build --filter UIMonkeyTests

# The suite under AddressSanitizer (use after free, overflows, leaks: a canvas outliving
# its window surface is caught here), then ThreadSanitizer where threads meet: the band
# renderer, the picture caches, the library's background saves, the punch recorder.
# Each in its own build folder, so the ordinary build stays as it is.
SANITIZE_SKIP = --skip RealWindowTests --skip RecordTests --skip UIMonkeyTests
TSAN_FILTER = RasterTests|ShadersTests|ImmediateUITests|StressPunchAppTests|PunchSceneTests|OperatorLockTests|EverydayUseTests|FaultTests|ManageLibraryTests
sanitize: test-deps
	$(SWIFT) build -c release --sanitize=address --scratch-path .build-asan --build-tests
	LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan-suppressions.txt \
		$(SWIFT) test -c release --sanitize=address --scratch-path .build-asan --skip-build $(SANITIZE_SKIP)
	$(SWIFT) build -c release --sanitize=thread --scratch-path .build-tsan --build-tests
	TSAN_OPTIONS=halt_on_error=1:suppressions=$(CURDIR)/.ci/tsan-suppressions.txt \
		$(SWIFT) test -c release --sanitize=thread --scratch-path .build-tsan --skip-build --filter '$(TSAN_FILTER)'

# libFuzzer with AddressSanitizer on each entry point in Fuzz/Targets for FUZZ_SECONDS,
# (SwiftPM's --sanitize=fuzzer links libFuzzer but does not instrument the modules for
# coverage: -Xswiftc -sanitize=fuzzer does that),
# starting from the seeds in Fuzz/corpus. A crash is saved in .build-fuzz/crashes/:
# copy it into Fuzz/corpus/NAME/ and `make test` replays it from then on.
FUZZ_SECONDS ?= 60
FUZZERS = picture script library command-line
fuzz: test-deps
	for name in $(FUZZERS); do \
		$(SWIFT) build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
			--scratch-path .build-fuzz --product fuzz-$$name || exit 1; \
	done
	mkdir -p .build-fuzz/crashes
	for name in $(FUZZERS); do \
		mkdir -p .build-fuzz/corpus/$$name; \
		LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan-suppressions.txt \
		.build-fuzz/release/fuzz-$$name -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -timeout=10 \
			-artifact_prefix=.build-fuzz/crashes/$$name- .build-fuzz/corpus/$$name Fuzz/corpus/$$name || exit 1; \
	done

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
	rm -rf .build .build-asan .build-tsan .build-fuzz
