# Build, install and test bundlecheck.
#   make build                     the release binary, Swift runtime linked in (no toolchain needed to run it)
#   make install PREFIX=/usr/local binary, man page, bash/zsh/fish completions (DESTDIR for staging)
#   make uninstall PREFIX=...      removes what install wrote
#   make test                      the test suite (debug build)
#   make deb                       dist/bundlecheck_VERSION_ARCH.deb, from make install (scripts/build-deb.sh)
#   make dist                      the .deb, a source tarball and their SHA256SUMS in dist/
# The system C libraries (libzip, libxml2, libyaml, libcrypto, zlib, ISA-L, libarchive, liblzma) stay
# shared: Debian's packages.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift

BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# BUNDLECHECK_STAMPED_BUILD makes --version read the stamped commit (BuildCommit.swift).
RELEASE = -c release --static-swift-stdlib -Xswiftc -DBUNDLECHECK_STAMPED_BUILD
# On Linux with glibc 2.36 or later (Debian 12, Ubuntu 24.04) the toolchain's lld links, not
# gold (its default): lld packs the binary's 86,000 relative relocations into DT_RELR, 17 KiB
# where gold wrote 2 MiB that the loader reads and keeps resident in every run. Such a binary
# needs glibc 2.36 to start (the GLIBC_ABI_DT_RELR version), so an older host links as before;
# scripts/build-deb.sh puts the bound in the package's Depends, which dpkg-shlibdeps leaves out.
GLIBC_VERSION := $(shell getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc //p')
ifneq ($(GLIBC_VERSION),)
ifeq ($(shell printf '2.36\n%s\n' '$(GLIBC_VERSION)' | sort -V | head -n 1),2.36)
RELEASE += -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
endif
endif
STAMP = Sources/BundleCheckCommandLine/CommandLine/BuildCommit.stamped.swift

.PHONY: build generator install uninstall test stamp deb dist

build: stamp
	$(SWIFT) build $(RELEASE) --product bundlecheck

# The commit this build is made from, with -dirty for uncommitted changes to tracked files; in a
# source tarball (make dist), the one its .source-version names, even when it was unpacked inside
# another checkout; nil without either. Rewritten only when it changes, so a rebuild stays
# incremental.
stamp:
	@if [ -f .source-version ]; then \
		commit=$$(sed -n 's/^commit=//p' .source-version); \
	elif commit=$$(git -c safe.directory='*' rev-parse --short=7 HEAD 2>/dev/null); then \
		if [ -n "$$(git -c safe.directory='*' status --porcelain --untracked-files=no 2>/dev/null)" ]; then \
			commit="$$commit-dirty"; \
		fi; \
	else \
		commit=; \
	fi; \
	if [ -n "$$commit" ]; then value="\"$$commit\""; else value=nil; fi; \
	printf '%s\n' '// Written by `make build`: the commit of this build (BuildCommit.swift). Git-ignored.' \
		"let stampedBuildCommit: String? = $$value" > $(STAMP).new; \
	if cmp -s $(STAMP).new $(STAMP); then rm $(STAMP).new; else mv $(STAMP).new $(STAMP); fi

# The generator renders the man page and completions from the option table, so they always
# describe the binary installed beside them; the package's version and changelog come from it too.
generator:
	$(SWIFT) build $(RELEASE) --product bundlecheck-generate

install: build generator
	@bin=$$($(SWIFT) build $(RELEASE) --show-bin-path) && \
	set -x && \
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)" && \
	install -m 755 "$$bin/bundlecheck" "$(BINDIR)/bundlecheck" && \
	"$$bin/bundlecheck-generate" man > "$(MANDIR)/bundlecheck.1" && \
	"$$bin/bundlecheck-generate" completion bash > "$(BASHDIR)/bundlecheck" && \
	"$$bin/bundlecheck-generate" completion zsh > "$(ZSHDIR)/_bundlecheck" && \
	"$$bin/bundlecheck-generate" completion fish > "$(FISHDIR)/bundlecheck.fish" && \
	chmod 644 "$(MANDIR)/bundlecheck.1" "$(BASHDIR)/bundlecheck" "$(ZSHDIR)/_bundlecheck" "$(FISHDIR)/bundlecheck.fish"

uninstall:
	rm -f "$(BINDIR)/bundlecheck" "$(MANDIR)/bundlecheck.1" "$(BASHDIR)/bundlecheck" \
		"$(ZSHDIR)/_bundlecheck" "$(FISHDIR)/bundlecheck.fish"

test:
	$(SWIFT) build --build-tests
	$(SWIFT) test

deb: build generator
	SWIFT="$(SWIFT)" scripts/build-deb.sh

# The source tarball is the commit's tree (git archive), so it holds what a clone would.
dist: deb
	scripts/build-dist.sh
