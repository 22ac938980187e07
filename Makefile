# StressPunch for Linux. `make run` and `make test` set up a fresh Debian machine
# (installing missing packages with apt-get), build, and run the app or every test.

SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
ARGS ?=

.PHONY: catalogs run run-debug test test-baseline soak sanitize sanitize-canaries fuzz build release bench deps test-deps clean dist install uninstall deb

# The optimized build: the renderer is tens of times slower without optimization
# (3 fps instead of 60). Only the app's product: the benchmark needs pixman and cairo, which
# only test-deps installs.
run: deps
	$(SWIFT) build -c release --product stresspunch
	$(call compile-catalogs,.build/release/locale)
	.build/release/stresspunch $(ARGS)

# A debug build, for a debugger: slow, but with every check and symbol.
run-debug: deps
	$(SWIFT) build --product stresspunch
	$(call compile-catalogs,.build/debug/locale)
	.build/debug/stresspunch $(ARGS)

# Tests build in release: the end-to-end tests run the real app, and the renderer's
# SIMD paths are tens of times slower unoptimized (the suite takes seconds, not
# minutes). The packaged build (see install) is made too, before any test starts: the
# install and .deb tests then only copy it instead of compiling beside the others. The
# real-window test watches a half-second animation on an X server, so it runs on its
# own after the rest, not beside a hundred parallel tests; so do the tests under cage
# and sway (a Wayland compositor each), on a PulseAudio server, and the fleet's against
# PostgreSQL servers they start themselves (one waits out a stopped server's deadline).
test: test-deps
	$(SWIFT) build -c release --build-tests
	$(call compile-catalogs,.build/release/locale)
	$(SWIFT) build $(DIST_FLAGS) --product stresspunch
	$(SWIFT) test -c release --skip-build --skip "RealWindowTests|RealWindowPromptnessTests|RecordTests|CageTests|SoundServerTests|SoundServerDropoutTests|ScreenReaderTests|FleetTests"
	$(SWIFT) test -c release --skip-build --filter "RealWindowTests|RealWindowPromptnessTests|RecordTests|CageTests|SoundServerTests|SoundServerDropoutTests|ScreenReaderTests|FleetTests"

# The renderer, shader and screenshot suites again on the portable kernels
# (STRESSPUNCH_SIMD=baseline turns the AVX2 ones off): the same goldens, byte for
# byte, and the app's screen the same as with the default kernels. A few minutes on
# make test's build; the rest of the suite draws through the same kernels.
BASELINE_FILTER = RasterTests|ShadersTests|RenderingTests|TextShapingTests|DamageTrackingTests|PortableKernelsTests|WorldTextTests|PunchTests|MarksTests
test-baseline: test-deps
	$(SWIFT) build -c release --build-tests
	STRESSPUNCH_SIMD=baseline $(SWIFT) test -c release --skip-build --filter '$(BASELINE_FILTER)'

# Long runs kept out of CI: the UI monkey over 100,000 events on a fresh seed (the
# seed is printed on failure, to replay it), then each fuzzer for ten minutes (CI
# gives them half a minute each).
soak: test-deps
	$(SWIFT) build -c release --build-tests
	STRESSPUNCH_MONKEY_EVENTS=100000 STRESSPUNCH_MONKEY_SEED=$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ') \
		$(SWIFT) test -c release --skip-build --filter UIMonkeyTests
	$(MAKE) fuzz FUZZ_SECONDS=600

# The suite under AddressSanitizer (use after free, overflows, leaks: a canvas outliving
# its window surface is caught here), then ThreadSanitizer where threads meet: the band
# renderer, the picture caches, the library's background saves, the punch recorder.
# Each in its own build folder, so the ordinary build stays as it is. The install tests
# are left out: they check the packaged build's files, not memory; so are the fleet's,
# which run the executable against PostgreSQL servers (its own memory is the ordinary
# build's concern there).
SANITIZE_SKIP = --skip RealWindowTests --skip RealWindowPromptnessTests --skip SoundServerDropoutTests --skip RecordTests --skip UIMonkeyTests --skip InstallTests --skip CageTests --skip SoundServerTests --skip ScreenReaderTests --skip FleetTests
TSAN_FILTER = RasterTests|ShadersTests|ImmediateUITests|StressPunchAppTests|PunchSceneTests|OperatorLockTests|PicturesTests|ScaledImportTests|EverydayUseTests|FaultTests|ManageLibraryTests|ConcurrentShapingTests|GamepadWakeTests
# The sanitizers' run settings, shared by sanitize, sanitize-canaries and fuzz.
TSAN_RUN = TSAN_OPTIONS=halt_on_error=1:suppressions=$(CURDIR)/.ci/tsan-suppressions.txt
LSAN_RUN = LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan-suppressions.txt
sanitize: test-deps
	$(SWIFT) build -c release --sanitize=address --scratch-path .build-asan --build-tests
	$(call compile-catalogs,.build-asan/release/locale)
	$(LSAN_RUN) $(SWIFT) test -c release --sanitize=address --scratch-path .build-asan --skip-build $(SANITIZE_SKIP)
	$(SWIFT) build -c release --sanitize=thread --scratch-path .build-tsan --build-tests
	$(call compile-catalogs,.build-tsan/release/locale)
	$(TSAN_RUN) $(SWIFT) test -c release --sanitize=thread --scratch-path .build-tsan --skip-build --filter '$(TSAN_FILTER)'

# Proof that the sanitizers can still fail: .ci/canaries plants a race (a counter
# written on a DispatchQueue and on the main thread) and two leaks (an SDL surface
# from SDL_CreateRGBSurfaceWithFormat, an object dropped on a Foundation thread), built
# with the flags above and run with the same suppression files, the same way (the
# XCTest and Swift Testing passes of swift test). It passes only if ThreadSanitizer and
# LeakSanitizer report each of them, so a suppression grown wide enough to hide them
# (a whole libdispatch, SDL or Foundation) fails here before it hides real reports.
CANARIES = --package-path $(CURDIR)/.ci/canaries
sanitize-canaries: test-deps
	$(SWIFT) build -c release --sanitize=address $(CANARIES) --scratch-path .build-canaries/asan --build-tests
	.ci/canaries/expect-reports LeakSanitizer 'LeakSanitizer: detected memory leaks' '#1 0x[0-9a-f]+ +\(.*libSDL2' \
		'plantedLeakOnFoundationThread' -- \
		env $(LSAN_RUN) $(SWIFT) test -c release --sanitize=address $(CANARIES) --scratch-path .build-canaries/asan --skip-build
	$(SWIFT) build -c release --sanitize=thread $(CANARIES) --scratch-path .build-canaries/tsan --build-tests
	.ci/canaries/expect-reports ThreadSanitizer 'ThreadSanitizer: (data race|Swift access race)' 'writeFromQueue' \
		'writeFromMainThread' 'main thread' -- \
		env $(TSAN_RUN) $(SWIFT) test -c release --sanitize=thread $(CANARIES) --scratch-path .build-canaries/tsan \
		--skip-build --filter QueueRaceCanary

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
		$(LSAN_RUN) .build-fuzz/release/fuzz-$$name -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -timeout=10 \
			-artifact_prefix=.build-fuzz/crashes/$$name- .build-fuzz/corpus/$$name Fuzz/corpus/$$name || exit 1; \
	done

catalogs: deps
	$(call compile-catalogs,.build/release/locale)

build: deps
	$(SWIFT) build --product stresspunch

release: deps
	$(SWIFT) build -c release --product stresspunch

# The app is built first: startup_10k launches it from beside the bench.
bench: test-deps
	$(SWIFT) build -c release --product stresspunch
	$(SWIFT) run -c release stresspunch-bench $(ARGS)

# Installing: `make install` (PREFIX=/usr/local by default; DESTDIR to stage into a
# folder) puts the binary in $(PREFIX)/bin, its pictures and sounds in
# $(PREFIX)/share/stresspunch (where it looks, from its own folder, for ../share/stresspunch),
# the launcher, the icon in the hicolor theme at every shipped size, the AppStream
# metadata and the man page. `make uninstall` removes them again, with the same PREFIX
# and DESTDIR. The binary is its own build in .build-dist (`make dist`): the Swift
# runtime linked in (it needs no toolchain), no run path, and the fallback to this
# checkout's Assets/ compiled out. It is built again only when a source is newer, so
# after `make dist`, `sudo make install` copies files and needs no toolchain on root's
# PATH (nor leaves root's files in the build folder).
# APP_ID names the launcher, icon and metadata; HOMEPAGE and SCREENSHOTS go into the
# metadata and the package. Set them when the project has a home of its own.
APP_ID ?= example.stresspunch.StressPunch
HOMEPAGE ?= https://stresspunch.example
SCREENSHOTS ?= $(HOMEPAGE)/screenshots
MAINTAINER ?= The StressPunch maintainers <maintainers@stresspunch.example>
VERSION := $(shell sed -n 's/^let version = "\(.*\)"$$/\1/p' Sources/stresspunch/main.swift)
DIST_BUILD = .build-dist
DIST_FLAGS = -c release --static-swift-stdlib --disable-local-rpath --scratch-path $(DIST_BUILD) \
	-Xswiftc -DSTRESSPUNCH_INSTALLED_BUILD
DIST_BINARY = $(DIST_BUILD)/release/stresspunch
DIST_RESOURCES = $(DIST_BUILD)/release/StressPunch_Assets.resources
DIST_SOURCES = Package.swift $(shell find Sources Shaders Assets -type f)
ICON_SIZES = $(patsubst Assets/Pictures/icon-%.png,%,$(wildcard Assets/Pictures/icon-*.png))

dist: $(DIST_BINARY)

$(DIST_BINARY): $(DIST_SOURCES)
	@./.ci/install-deps
	$(SWIFT) build $(DIST_FLAGS) --product stresspunch
	touch $@

# The translations: po/LANG.po for each language po/LINGUAS names. $(1): the folder to
# compile them into as LANG/LC_MESSAGES/stresspunch.mo (`locale/` beside a build's
# executable, which is where the app looks first). msgfmt -c refuses a catalog whose
# header or format directives (%s, %d) disagree with the English.
LANGUAGES = $(shell cat po/LINGUAS)
define compile-catalogs
	for lang in $(LANGUAGES); do \
		install -d $(1)/$$lang/LC_MESSAGES && msgfmt -c -o $(1)/$$lang/LC_MESSAGES/stresspunch.mo po/$$lang.po || exit 1; \
	done
endef

# $(1): the folder to install under (DESTDIR, may be empty), $(2): the prefix.
define install-files
	install -d $(1)$(2)/bin $(1)$(2)/share/stresspunch/Pictures $(1)$(2)/share/stresspunch/Sounds \
		$(1)$(2)/share/applications $(1)$(2)/share/metainfo $(1)$(2)/share/man/man1
	install -m 755 $(DIST_BINARY) $(1)$(2)/bin/stresspunch
	install -m 644 $(DIST_RESOURCES)/Pictures/*.png $(1)$(2)/share/stresspunch/Pictures/
	install -m 644 $(DIST_RESOURCES)/Sounds/*.wav $(1)$(2)/share/stresspunch/Sounds/
	for size in $(ICON_SIZES); do \
		install -D -m 644 $(DIST_RESOURCES)/Pictures/icon-$$size.png $(1)$(2)/share/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png || exit 1; \
	done
	$(call compile-catalogs,$(1)$(2)/share/locale)
	msgfmt --desktop --template=packaging/stresspunch.desktop.in -d po -o $(1)$(2)/share/applications/$(APP_ID).desktop
	sed -i -e 's|@APP_ID@|$(APP_ID)|g' $(1)$(2)/share/applications/$(APP_ID).desktop
	msgfmt --xml --template=packaging/stresspunch.metainfo.xml.in -d po -o $(1)$(2)/share/metainfo/$(APP_ID).metainfo.xml
	sed -i -e 's|@APP_ID@|$(APP_ID)|g' -e 's|@HOMEPAGE@|$(HOMEPAGE)|g' -e 's|@SCREENSHOTS@|$(SCREENSHOTS)|g' \
		$(1)$(2)/share/metainfo/$(APP_ID).metainfo.xml
	chmod 644 $(1)$(2)/share/applications/$(APP_ID).desktop $(1)$(2)/share/metainfo/$(APP_ID).metainfo.xml
	install -m 644 packaging/stresspunch.1 $(1)$(2)/share/man/man1/stresspunch.1
endef

install: $(DIST_BINARY)
	$(call install-files,$(DESTDIR),$(PREFIX))

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/stresspunch $(DESTDIR)$(PREFIX)/share/man/man1/stresspunch.1 \
		$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	rm -f $(DESTDIR)$(PREFIX)/share/icons/hicolor/*/apps/$(APP_ID).png
	for lang in $(LANGUAGES); do rm -f $(DESTDIR)$(PREFIX)/share/locale/$$lang/LC_MESSAGES/stresspunch.mo; done
	rm -rf $(DESTDIR)$(PREFIX)/share/stresspunch

# A Debian package of the same files under /usr, built with dpkg-deb (Depends found by
# dpkg-shlibdeps, the fonts as Recommends). The last line printed is the .deb's path.
DEB_ROOT = $(DIST_BUILD)/deb/debian/stresspunch
deb: $(DIST_BINARY)
	@./.ci/install-deps --deb
	rm -rf $(DIST_BUILD)/deb
	$(call install-files,$(DEB_ROOT),/usr)
	./packaging/make-deb $(DEB_ROOT) $(DIST_BUILD) '$(VERSION)' '$(HOMEPAGE)' '$(MAINTAINER)'

deps:
	@./.ci/install-deps

test-deps:
	@./.ci/install-deps --test

clean:
	rm -rf .build .build-asan .build-tsan .build-canaries .build-fuzz .build-dist
