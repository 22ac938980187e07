# StressPunch for Linux. `make run` and `make test` set up a fresh Debian machine
# (installing missing packages with apt-get), build, and run the app or every test.

SWIFT ?= swift
PREFIX ?= /usr/local
ARGS ?=

.PHONY: run test build release bench deps test-deps clean

run: deps
	$(SWIFT) build
	$(SWIFT) run stresspunch $(ARGS)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

deps:
	@./.ci/install-deps

test-deps:
	@./.ci/install-deps --test

clean:
	rm -rf .build
