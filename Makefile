# Makefile -- build, test and regenerate the Wonders of Humanity tile compiler.
#
#   make            build build/wonderc and the runtime library
#   make demo       compile the tile set, draw a wonder, play a game (README's main job)
#   make check      every test: unit tests under ASan+UBSan, golden diagnostics,
#                   valgrind, commands, fault injection, a new wonder in a copy of
#                   the tree, and the staleness check of generated/ (docs/testing.md)
#   make regen      rewrite generated/ and docs/gallery/ from tiles/ (make does
#                   it too whenever a tile file changed; unchanged files stay)
#   make gallery    draw every tile into docs/gallery/index.html, one page
#   make playground build wonderc to WebAssembly for docs/playground/ (emscripten;
#                   SKIP without it)
#   make bench      compiler speed and memory figures (docs/performance.md)
#   make fuzz       every fuzz target for FUZZ_TIME seconds (clang; docs/testing.md)
#   make fuzz-long  every fuzz target for FUZZ_RUNS executions (10 million)
#   make install    the commands, libwonders.a and .so, headers, wonders.pc and man
#                   pages under PREFIX (/usr/local), into DESTDIR; make uninstall
#   make deps       install flex, bison, libyaml-dev, libjansson-dev, libcunit1-dev (or say how)

CC      ?= cc
BISON   ?= bison
FLEX    ?= flex
B       := build

# The API's version (runtime/wonders.h); the shared library's soname carries the major.
VERSION := $(shell sed -n 's/^\#define WH_VERSION "\(.*\)"/\1/p' runtime/wonders.h)
MAJOR   := $(firstword $(subst ., ,$(VERSION)))
SONAME  := libwonders.so.$(MAJOR)

# Every tile source: a new file in tiles/ is compiled without an edit here.
# Byte order, as wonderc's own default (glob in the C locale) lists them.
TILE_SOURCES := $(sort $(wildcard tiles/*.tiles))

CSTD       := -std=c11 -D_DEFAULT_SOURCE
CWARNS     := -Wall -Wextra -pedantic -Werror -Wshadow -Wundef -Wwrite-strings \
              -Wmissing-prototypes -Wstrict-prototypes -Wold-style-definition
# Scoped to flex and bison output only: their skeletons use these patterns.
CWARNS_GEN := -Wno-unused-function -Wno-sign-compare -Wno-unused-parameter \
              -Wno-missing-prototypes -Wno-shadow
OPT        ?= -O2 -g
SAN        := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
CPPFLAGS   := -Iruntime -Igenerated -I$(B)/gen
DEPFLAGS    = -MMD -MP

# What both commands share: allocation that exits, how a command ends
# (docs/code.md).  Never linked into the library.  The drawing (runtime/draw/)
# is the library's, and the compiler's too: it reads only the tables.
COMMON_SRC   := $(wildcard runtime/common/*.c)
DRAW_SRC     := $(wildcard runtime/draw/*.c)
# The language server (docs/editors.md): its protocol files speak JSON-RPC
# through jansson and link into wonderc only; the rest of compiler/lsp/
# (the index of the open documents, hover, completion) is plain C, part of
# the compiler like any other file, the playground's WebAssembly included.
LSP_PROTOCOL_SRC := $(addprefix compiler/lsp/,lsp_rpc.c lsp_server.c lsp_publish.c lsp_answers.c)
LSP_CORE_SRC     := $(filter-out $(LSP_PROTOCOL_SRC),$(wildcard compiler/lsp/*.c))
COMPILER_SRC := $(filter-out compiler/main.c,$(wildcard compiler/*.c)) $(LSP_CORE_SRC) $(COMMON_SRC) $(DRAW_SRC)
WONDERC_MAIN := compiler/main.c $(LSP_PROTOCOL_SRC)
# libjansson: the language server's JSON
WONDERC_LIBS := -lyaml -ljansson -lm
LAB_SRC      := $(wildcard runtime/lab/*.c)
RUNTIME_SRC  := $(wildcard runtime/*.c runtime/princess_dragon/*.c) $(DRAW_SRC) $(LAB_SRC) generated/tiles.c
TEST_SRC     := $(wildcard tests/*.c) tests/fuzz/play_set.c
GEN_SRC      := $(B)/gen/parser.c $(B)/gen/lexer.c

# Object lists for one variant directory ($(1) = rel or san).
objs = $(patsubst %.c,$(B)/$(1)/%.o,$(2))

.PHONY: all deps demo demo-show check test regen gallery check-generated bench balance-coverage fuzz fuzz-long install uninstall clean echo FORCE
.DELETE_ON_ERROR:

all: $(B)/wonderc $(B)/libwonders.a $(B)/libwonders.so.$(VERSION) $(B)/wonders

# ---- flex and bison, built into the build tree (never committed) ----------
$(B)/gen/parser.c $(B)/gen/parser.h &: grammar/parser.y | $(B)/gen
	$(BISON) -Wall -Werror --defines=$(B)/gen/parser.h -o $(B)/gen/parser.c $<

$(B)/gen/lexer.c $(B)/gen/lexer.h &: grammar/lexer.l $(B)/gen/parser.h | $(B)/gen
	cd $(B)/gen && $(FLEX) -o lexer.c ../../grammar/lexer.l

$(B)/gen:
	mkdir -p $@

# The language server's keywords and documentation lines, from the scanner
# and docs/language.md (compiler/lsp/words.sh): made, never copied.
$(B)/gen/lsp_words.h: compiler/lsp/words.sh grammar/lexer.l docs/language.md | $(B)/gen
	sh compiler/lsp/words.sh grammar/lexer.l docs/language.md > $@.tmp && mv $@.tmp $@

$(foreach v,rel san fault pic,$(B)/$(v)/compiler/lsp/lsp_docs.o): $(B)/gen/lsp_words.h

# ---- objects, in two variants: rel (plain) and san (ASan + UBSan) ---------
$(B)/rel/%.o: %.c $(B)/gen/parser.h $(B)/gen/lexer.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CWARNS) $(OPT) $(CPPFLAGS) $(DEPFLAGS) -c $< -o $@

$(B)/san/%.o: %.c $(B)/gen/parser.h $(B)/gen/lexer.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CWARNS) $(OPT) $(SAN) $(CPPFLAGS) $(DEPFLAGS) -c $< -o $@

$(B)/rel/$(B)/gen/%.o: $(B)/gen/%.c $(B)/gen/parser.h $(B)/gen/lexer.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CWARNS) $(CWARNS_GEN) $(OPT) $(CPPFLAGS) -c $< -o $@

$(B)/san/$(B)/gen/%.o: $(B)/gen/%.c $(B)/gen/parser.h $(B)/gen/lexer.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CWARNS) $(CWARNS_GEN) $(OPT) $(SAN) $(CPPFLAGS) -c $< -o $@

# fault: UBSan only (ASan would own malloc), linked with tests/fault/shim.c,
# which fails the N-th allocation or output call on request (tests/fault.sh)
FAULT := -fsanitize=undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

$(B)/fault/%.o: %.c $(B)/gen/parser.h $(B)/gen/lexer.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CWARNS) $(OPT) $(FAULT) $(CPPFLAGS) $(DEPFLAGS) -c $< -o $@

$(B)/fault/$(B)/gen/%.o: $(B)/gen/%.c $(B)/gen/parser.h $(B)/gen/lexer.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CWARNS) $(CWARNS_GEN) $(OPT) $(FAULT) $(CPPFLAGS) -c $< -o $@

# the shim that fails the N-th call, and the fork server that walks them all
FAULT_SHIM := $(B)/fault/shim.o $(B)/fault/walk.o

$(B)/fault/shim.o $(B)/fault/walk.o: $(B)/fault/%.o: tests/fault/%.c tests/fault/walk.h
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -Wall -Wextra -Werror -O2 -g -c $< -o $@

FRONT_REL := $(call objs,rel,$(COMPILER_SRC) $(GEN_SRC))
FRONT_SAN := $(call objs,san,$(COMPILER_SRC) $(GEN_SRC))

# libyaml writes generated/tiles.yaml, the readable record of the tables
$(B)/wonderc: $(FRONT_REL) $(call objs,rel,$(WONDERC_MAIN))
	$(CC) $(OPT) -o $@ $^ $(WONDERC_LIBS)

$(B)/wonderc-san: $(FRONT_SAN) $(call objs,san,$(WONDERC_MAIN))
	$(CC) $(OPT) $(SAN) -o $@ $^ $(WONDERC_LIBS)

$(B)/libwonders.a: $(call objs,rel,$(RUNTIME_SRC))
	rm -f $@ && ar rcs $@ $^

# What the library itself needs: the drawing's rounding and the lab's
# intervals (libm), the lab's threads (pthread).
LIB_LIBS := -lm -lpthread

# The shared library: position-independent, only the WH_API functions (and
# the tables' descriptor, wh_tileset) exported; the soname carries the
# API's major version (runtime/wonders.h).

$(B)/pic/%.o: %.c $(B)/gen/parser.h $(B)/gen/lexer.h
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CWARNS) $(OPT) -fPIC -fvisibility=hidden $(CPPFLAGS) $(DEPFLAGS) -c $< -o $@

$(B)/pic/generated/tiles.o: generated/tiles.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CWARNS) $(OPT) -fPIC $(CPPFLAGS) $(DEPFLAGS) -c $< -o $@

$(B)/libwonders.so.$(VERSION): $(call objs,pic,$(RUNTIME_SRC))
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,-z,defs -o $@ $^ $(LIB_LIBS)

$(B)/wonders.pc: runtime/wonders.pc.in runtime/wonders.h FORCE
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' $< > $@.tmp && mv $@.tmp $@

$(B)/wonderc-fault: $(call objs,fault,$(COMPILER_SRC) $(GEN_SRC) $(WONDERC_MAIN)) $(FAULT_SHIM)
	$(CC) $(OPT) $(FAULT) -o $@ $^ $(WONDERC_LIBS) -ldl

# the `wonders` command: the runtime's front end (YAML records via libyaml)
CLI_SRC := $(wildcard runtime/cli/*.c) $(COMMON_SRC)
CLI_LIB := $(filter-out runtime/cli/main.c,$(CLI_SRC))
# libyaml for records; threads and sqrt for `wonders balance`
CLI_LIBS := -lyaml -lpthread -lm

$(B)/wonders: $(call objs,rel,$(CLI_SRC) $(RUNTIME_SRC))
	$(CC) $(OPT) -o $@ $^ $(CLI_LIBS)

$(B)/wonders-san: $(call objs,san,$(CLI_SRC) $(RUNTIME_SRC))
	$(CC) $(OPT) $(SAN) -o $@ $^ $(CLI_LIBS)

$(B)/wonders-fault: $(call objs,fault,$(CLI_SRC) $(RUNTIME_SRC)) $(FAULT_SHIM)
	$(CC) $(OPT) $(FAULT) -o $@ $^ $(CLI_LIBS) -ldl

TEST_LIBS := -lcunit $(CLI_LIBS)

# What tests/new_wonder.sh and tests/erratum.sh copy built, so that their
# copies rebuild only what their edits to tiles/ change.
# The plain builds only: the copies run no sanitized program (tests/new_wonder.sh).
NEW_WONDER_BINS := $(B)/wonderc $(B)/wonders $(B)/unit-tests

$(B)/unit-tests: $(call objs,rel,$(TEST_SRC) $(COMPILER_SRC) $(RUNTIME_SRC) $(CLI_LIB)) $(call objs,rel,$(GEN_SRC))
	$(CC) $(OPT) -o $@ $^ $(TEST_LIBS)

$(B)/unit-tests-san: $(call objs,san,$(TEST_SRC) $(COMPILER_SRC) $(RUNTIME_SRC) $(CLI_LIB)) $(call objs,san,$(GEN_SRC))
	$(CC) $(OPT) $(SAN) -o $@ $^ $(TEST_LIBS)

# ---- the README's two commands -------------------------------------------
deps:
	@sh .ci/deps.sh

# Under 100 lines (tests/docs.sh counts them): the packs, one wonder drawn
# and said in words, a game's scores.  `wonderc show --wonders` draws every
# wonder, `wonders play` prints every turn.
demo: deps
	@$(MAKE) --no-print-directory -s $(B)/wonderc $(B)/wonders # quietly: a compiler's message still shows
	@$(MAKE) --no-print-directory demo-show
demo-show: $(B)/wonderc $(B)/wonders
	$(B)/wonderc check -v $(TILE_SOURCES)
	$(B)/wonderc show stonehenge $(TILE_SOURCES)
	$(B)/wonders play --players 2 --quiet

# make check runs the suites side by side (make -j), each quietly into
# build/check/NAME.log (tests/suite.sh), then one line per suite with its
# time and counts (tests/summary.sh).  `make check SUITES=wonders` runs one.
# Sanitizer exits are set apart from every status a test expects: ASan 86,
# UBSan 87, valgrind 88 (docs/testing.md).
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
SUITES     ?= unit valgrind commands lsp wonders wonders-usage gallery pages fault-wonderc fault-wonders install new-wonder \
              erratum generated docs examples layers
SAN_ENV    := ASAN_OPTIONS=exitcode=86:detect_leaks=1 UBSAN_OPTIONS=exitcode=87:halt_on_error=1:print_stacktrace=1
SUITE      := sh tests/suite.sh

# The build is quiet here (-s): a compiler's message still shows, and the
# summary is not lost below two hundred command lines.  V=1 shows them.
check: deps
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) $(if $(V),,-s) test

test: $(addprefix suite-,$(SUITES))
	@sh tests/summary.sh $(SUITES)

.PHONY: check-reset $(addprefix suite-,$(SUITES))
check-reset:
	@rm -rf $(B)/check

suite-unit: $(B)/unit-tests-san | check-reset
	@$(SUITE) unit env $(SAN_ENV) $(B)/unit-tests-san
suite-valgrind: $(B)/unit-tests | check-reset
	@$(SUITE) valgrind env WH_TEST_GAMES=100 WH_TEST_DRAWINGS=200 valgrind -q --error-exitcode=88 --leak-check=full \
	    --errors-for-leak-kinds=all $(B)/unit-tests --quiet
suite-commands: $(B)/wonderc-san | check-reset
	@$(SUITE) commands sh tests/commands.sh $(B)/wonderc-san
suite-lsp: $(B)/wonderc-san | check-reset
	@$(SUITE) lsp sh tests/lsp.sh $(B)/wonderc-san
suite-wonders: $(B)/wonders-san | check-reset
	@$(SUITE) wonders sh tests/wonders.sh $(B)/wonders-san
suite-wonders-usage: $(B)/wonders-san $(B)/wonderc | check-reset
	@$(SUITE) wonders-usage sh tests/wonders_usage.sh $(B)/wonders-san
suite-gallery: $(B)/wonderc-san $(B)/wonders-san | check-reset
	@$(SUITE) gallery sh tests/gallery.sh $(B)/wonderc-san $(B)/wonders-san
# pages: with emcc at hand the playground is built too, to be compared with the committed one
HAVE_EMCC := $(shell command -v $(or $(EMCC),emcc) 2> /dev/null)
suite-pages: $(B)/wonders-san $(B)/wonderc $(if $(HAVE_EMCC),$(B)/playground/wonderc.js) | check-reset
	@$(SUITE) pages sh tests/pages.sh $(B)/wonders-san
suite-fault-wonderc: $(B)/wonderc-fault | check-reset
	@$(SUITE) fault-wonderc sh tests/fault.sh wonderc $(B)/wonderc-fault
suite-fault-wonders: $(B)/wonders-fault | check-reset
	@$(SUITE) fault-wonders sh tests/fault.sh wonders $(B)/wonders-fault
suite-install: all | check-reset
	@$(SUITE) install sh tests/install.sh
suite-new-wonder: $(NEW_WONDER_BINS) | check-reset
	@$(SUITE) new-wonder sh tests/new_wonder.sh
suite-erratum: $(NEW_WONDER_BINS) | check-reset
	@$(SUITE) erratum sh tests/erratum.sh
suite-generated: $(B)/wonderc | check-reset
	@$(SUITE) generated sh tests/generated.sh $(B)/wonderc $(TILE_SOURCES)
suite-docs: $(B)/wonderc $(B)/wonders | check-reset
	@$(SUITE) docs sh tests/docs.sh $(B)/wonderc
suite-layers: | check-reset
	@$(SUITE) layers sh tests/layers.sh
suite-examples: $(B)/wonderc-san $(B)/wonders-examples-san | check-reset
	@$(SUITE) examples sh tests/examples.sh $(B)/wonderc-san $(B)/wonders-examples-san $(filter-out tiles/tileset.tiles,$(TILE_SOURCES))

# ---- the example wonders (docs/examples/wonders.tiles, issue 22) ------------
# Compiled with the default set into build/examples/ (never committed: they
# are not part of the game) and linked, in place of generated/tiles.c, into a
# `wonders` of their own that plays their positions.  The runtime and the
# command read the tables only through the descriptor wh_tileset.
# tiles/tileset.tiles states the totals of the default set, which the examples change.
EXAMPLE_SOURCES := $(filter-out tiles/tileset.tiles,$(TILE_SOURCES)) docs/examples/wonders.tiles

$(B)/examples/tiles.c $(B)/examples/tiles.h &: $(EXAMPLE_SOURCES) $(B)/wonderc
	@mkdir -p $(B)/examples
	$(B)/wonderc compile -o $(B)/examples $(EXAMPLE_SOURCES)

$(B)/examples/tiles-san.o: $(B)/examples/tiles.c $(B)/examples/tiles.h
	$(CC) $(CSTD) $(CWARNS) $(OPT) $(SAN) -Iruntime -I$(B)/examples -c $< -o $@

$(B)/wonders-examples-san: $(call objs,san,$(CLI_SRC) $(filter-out generated/tiles.c,$(RUNTIME_SRC))) \
                           $(B)/examples/tiles-san.o
	$(CC) $(OPT) $(SAN) -o $@ $^ $(CLI_LIBS)

# ---- generated tables -----------------------------------------------------
# generated/ and docs/gallery/ follow tiles/: any build that links the tables
# first recompiles them when a tile file, the list of tile files or wonderc
# changed.  wonderc rewrites only files whose bytes change, so an unchanged
# table recompiles nothing.  The stamp records when they were last made.
$(B)/tile-sources: FORCE
	@mkdir -p $(B)
	@echo '$(TILE_SOURCES)' | cmp -s - $@ || echo '$(TILE_SOURCES)' > $@

$(B)/tiles.stamp: $(TILE_SOURCES) $(B)/tile-sources $(B)/wonderc
	$(B)/wonderc compile -o generated $(TILE_SOURCES)
	$(B)/wonderc dump -o generated/tiles.yaml $(TILE_SOURCES)
	@mkdir -p docs/gallery
	$(B)/wonderc gallery -o docs/gallery $(TILE_SOURCES)
	@touch $@

generated/tiles.c generated/tiles.h generated/tiles.yaml: $(B)/tiles.stamp ;

# the stamp's recipe, whatever the timestamps say
regen: $(B)/wonderc
	@rm -f $(B)/tiles.stamp
	@$(MAKE) --no-print-directory $(B)/tiles.stamp

gallery: $(B)/wonderc
	mkdir -p docs/gallery
	$(B)/wonderc gallery -o docs/gallery $(TILE_SOURCES)

# generated/ equals a fresh compile of tiles/, and what the last commit holds
# of both agrees (tests/generated.sh says which to commit).
check-generated: $(B)/wonderc
	@sh tests/generated.sh $(B)/wonderc $(TILE_SOURCES)

FORCE:

# ---- install --------------------------------------------------------------
# make install [PREFIX=/usr/local] [DESTDIR=...]; make uninstall removes
# exactly what install put there (INSTALLED).
PREFIX  ?= /usr/local
HEADERS := runtime/wonders.h runtime/tables.h runtime/match.h runtime/playout.h runtime/tileset.h runtime/draw.h runtime/lab.h \
           generated/tiles.h
INSTALLED := $(PREFIX)/bin/wonderc $(PREFIX)/bin/wonders \
             $(PREFIX)/lib/libwonders.a $(PREFIX)/lib/libwonders.so.$(VERSION) \
             $(PREFIX)/lib/$(SONAME) $(PREFIX)/lib/libwonders.so \
             $(PREFIX)/lib/pkgconfig/wonders.pc \
             $(addprefix $(PREFIX)/include/wonders/,$(notdir $(HEADERS))) \
             $(PREFIX)/share/man/man1/wonderc.1 $(PREFIX)/share/man/man1/wonders.1 \
             $(PREFIX)/share/man/man5/wonders-tiles.5 $(PREFIX)/share/man/man5/wonders-record.5 \
             $(addprefix $(PREFIX)/share/wonders/,$(TILE_SOURCES))

install: all $(B)/wonders.pc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/wonders \
	    $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man5
	install -m 755 $(B)/wonderc $(B)/wonders $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(B)/libwonders.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(B)/libwonders.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libwonders.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libwonders.so
	install -m 644 $(B)/wonders.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/
	install -m 644 $(HEADERS) $(DESTDIR)$(PREFIX)/include/wonders/
	install -m 644 docs/man/wonderc.1 docs/man/wonders.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 docs/man/wonders-tiles.5 docs/man/wonders-record.5 $(DESTDIR)$(PREFIX)/share/man/man5/
	@# the tile sources the tables were compiled from: wonderc show reads them from anywhere
	install -d $(DESTDIR)$(PREFIX)/share/wonders/tiles
	install -m 644 $(TILE_SOURCES) $(DESTDIR)$(PREFIX)/share/wonders/tiles/

# Only what install put there: the files, then include/wonders and
# share/wonders if empty.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(PREFIX)/include/wonders $(DESTDIR)$(PREFIX)/share/wonders/tiles \
	    $(DESTDIR)$(PREFIX)/share/wonders 2>/dev/null

# ---- benchmarks and fuzzing ----------------------------------------------
$(B)/bench-compiler: tests/bench/bench_compiler.c $(FRONT_REL)
	$(CC) $(CSTD) $(CWARNS) -O2 $(CPPFLAGS) -o $@ $^ -lyaml -lm

$(B)/bench-lsp: tests/bench/bench_lsp.c $(FRONT_REL) $(call objs,rel,$(LSP_PROTOCOL_SRC))
	$(CC) $(CSTD) $(CWARNS) -O2 $(CPPFLAGS) -o $@ $^ $(WONDERC_LIBS)

$(B)/bench-runtime: tests/bench/bench_runtime.c $(B)/libwonders.a
	$(CC) $(CSTD) $(CWARNS) -O2 $(CPPFLAGS) -o $@ $^ $(LIB_LIBS)

$(B)/bench-records: tests/bench/bench_records.c $(call objs,rel,$(CLI_LIB)) $(B)/libwonders.a
	$(CC) $(CSTD) $(CWARNS) -O2 $(CPPFLAGS) -o $@ $^ $(CLI_LIBS)

$(B)/bench-mcts: tests/bench/bench_mcts.c $(call objs,rel,$(CLI_LIB)) $(B)/libwonders.a
	$(CC) $(CSTD) $(CWARNS) -O2 $(CPPFLAGS) -o $@ $^ $(CLI_LIBS)

$(B)/balance-coverage: tests/bench/balance_coverage.c $(FRONT_REL) $(B)/libwonders.a
	$(CC) $(CSTD) $(CWARNS) -O2 $(CPPFLAGS) -o $@ $^ $(CLI_LIBS)

# How often the balance lab's intervals hold a known worth (docs/balance.md):
# RUNS runs of COVERAGE_GAMES paired games a kind of seat; minutes, not in check.
RUNS ?= 40
COVERAGE_GAMES ?= 100
COVERAGE_PLAYERS ?= 2
COVERAGE_THINK ?= 8
COVERAGE_SEATS ?= random greedy planner mcts
balance-coverage: $(B)/balance-coverage
	cd tests && ../$(B)/balance-coverage $(RUNS) $(COVERAGE_GAMES) $(COVERAGE_PLAYERS) $(COVERAGE_THINK) $(COVERAGE_SEATS)

# One run of every benchmark, headed by the commit, date, load and pinning;
# it rewrites the figures section of docs/performance.md (tests/bench/run.sh).
bench: $(B)/wonderc $(B)/bench-compiler $(B)/bench-lsp $(B)/bench-runtime $(B)/bench-records $(B)/bench-mcts $(B)/wonders
	sh tests/bench/run.sh $(B) $(TILE_SOURCES)

# ---- fuzzing (docs/testing.md) -----------------------------------------------
# Every target stops at the first sanitizer report (-fno-sanitize-recover),
# saves the input, and makes `make fuzz` fail.  Grown corpora live in
# build/fuzz/TARGET/ across runs; the committed seeds in tests/fuzz/corpus/.
FUZZ_TIME ?= 60
FUZZ_RUNS ?= 10000000
FUZZ_CC    = clang $(CSTD) -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
             $(CPPFLAGS) $(CWARNS_GEN)
FUZZ_TARGETS := frontend effects records results wonderc-cli wonders-cli lsp
FUZZ_BINS    := $(addprefix $(B)/fuzz-,$(FUZZ_TARGETS))

# The compiler's sources are compiled here, not its objects: the language
# server's word lists must be made first.
FUZZ_DEPS := $(B)/gen/lsp_words.h $(B)/gen/parser.h $(B)/gen/lexer.h

$(B)/fuzz-frontend: tests/fuzz/fuzz_frontend.c $(COMPILER_SRC) $(GEN_SRC) | $(FUZZ_DEPS)
	$(FUZZ_CC) -o $@ $^ -lyaml -lm

$(B)/fuzz-effects: tests/fuzz/fuzz_effects.c tests/fuzz/play_set.c $(COMPILER_SRC) $(GEN_SRC) \
                  $(filter-out generated/tiles.c,$(RUNTIME_SRC)) | $(FUZZ_DEPS)
	$(FUZZ_CC) -o $@ $^ -lyaml -lm

$(B)/fuzz-wonderc-cli: tests/fuzz/fuzz_wonderc_cli.c tests/fuzz/argv.h $(WONDERC_MAIN) $(COMPILER_SRC) $(GEN_SRC) \
                      | $(FUZZ_DEPS)
	$(FUZZ_CC) -o $@ tests/fuzz/fuzz_wonderc_cli.c $(LSP_PROTOCOL_SRC) $(COMPILER_SRC) $(GEN_SRC) $(WONDERC_LIBS)

$(B)/fuzz-lsp: tests/fuzz/fuzz_lsp.c $(LSP_PROTOCOL_SRC) $(COMPILER_SRC) $(GEN_SRC) | $(FUZZ_DEPS)
	$(FUZZ_CC) -o $@ $^ $(WONDERC_LIBS)

$(B)/fuzz-records: tests/fuzz/fuzz_records.c $(CLI_LIB) $(RUNTIME_SRC)
	$(FUZZ_CC) -o $@ $^ $(CLI_LIBS)

$(B)/fuzz-results: tests/fuzz/fuzz_results.c $(CLI_LIB) $(RUNTIME_SRC)
	$(FUZZ_CC) -o $@ $^ $(CLI_LIBS)

$(B)/fuzz-wonders-cli: tests/fuzz/fuzz_wonders_cli.c tests/fuzz/argv.h runtime/cli/main.c $(CLI_LIB) $(RUNTIME_SRC)
	$(FUZZ_CC) -o $@ tests/fuzz/fuzz_wonders_cli.c $(CLI_LIB) $(RUNTIME_SRC) $(CLI_LIBS)

# FUZZ_TIME seconds per target; fuzz-long: FUZZ_RUNS executions per target.
# Both first draw FUZZ_DRAWINGS random tiles (make check: 2000) and check
# their pictures (tests/test_drawings.c), under the sanitizers.
FUZZ_DRAWINGS ?= 50000
fuzz: $(FUZZ_BINS) $(B)/unit-tests-san
	env $(SAN_ENV) WH_TEST_DRAWINGS=$(FUZZ_DRAWINGS) $(B)/unit-tests-san drawings
	sh tests/fuzz/run.sh $(B) -max_total_time=$(FUZZ_TIME) $(FUZZ_TARGETS)

fuzz-long: $(FUZZ_BINS) $(B)/unit-tests-san
	env $(SAN_ENV) WH_TEST_DRAWINGS=$$(($(FUZZ_DRAWINGS) * 10)) $(B)/unit-tests-san drawings
	sh tests/fuzz/run.sh $(B) -runs=$(FUZZ_RUNS) $(FUZZ_TARGETS)

echo:
	@echo "CC=$(CC) CSTD=$(CSTD)"; echo "CWARNS=$(CWARNS)"; echo "OPT=$(OPT) SAN=$(SAN)"

clean:
	rm -rf $(B)

-include $(shell find $(B) -name '*.d' 2>/dev/null)

# ---- mutation testing (docs/testing.md, "Mutation testing") ---------------
# Mutation testing (docs/testing.md): a seeded sample of the mutants that
# tests/mutants/generate.py enumerates over the rules' files, each compiled
# alone and linked in place of its object with the build/rel objects, judged
# by the unit tests, the positions and wonderc's command checks.
# MUTANTS=N (default 240, spread evenly over the areas), MUTANT_SEED=S,
# MUTANT_JOBS=J (2), AREA='A...' (only these areas of tests/mutants/areas).
# `make mutants-list` runs the regression mutants of
# tests/mutants/list with the same tool.  Not part of `make check`.
MUTANT_ENV = MUT_CC='$(CC)' MUT_CFLAGS='$(CSTD) $(CWARNS) -O2 $(CPPFLAGS)' \
    MUT_UNIT_OBJS='$(call objs,rel,$(TEST_SRC) $(COMPILER_SRC) $(RUNTIME_SRC) $(CLI_LIB) $(GEN_SRC))' \
    MUT_UNIT_LIBS='$(TEST_LIBS)' \
    MUT_WONDERS_OBJS='$(call objs,rel,$(CLI_SRC) $(RUNTIME_SRC))' MUT_WONDERS_LIBS='$(CLI_LIBS)' \
    MUT_WONDERC_OBJS='$(FRONT_REL) $(call objs,rel,$(WONDERC_MAIN))' MUT_WONDERC_LIBS='$(WONDERC_LIBS)'
.PHONY: mutants mutants-list
mutants: $(B)/unit-tests $(B)/wonders $(B)/wonderc
	@$(MUTANT_ENV) nice python3 tests/mutants/run.py $(foreach a,$(AREA),--area $(a))
mutants-list: $(B)/unit-tests $(B)/wonders $(B)/wonderc
	@$(MUTANT_ENV) nice python3 tests/mutants/run.py --list $(or $(LIST),tests/mutants/list)

# ---- the playground (docs/playground/, issue 23) ------------------------------
# The compiler's front end and drawing, with compiler/playground.c as the
# entry, built to WebAssembly by Debian's emscripten: one wonderc.js with the
# WebAssembly inside (SINGLE_FILE), so that the page fetches nothing and works
# from file:// as from a server.  The build is committed, as docs/gallery/
# is: the page works from a clone without emscripten.  `make playground`
# rebuilds it into build/playground/ and copies it over the committed one
# when it differs (commit the result); without emcc it says SKIP.  dump.c is
# left out: it needs libyaml, which the browser has no use for.
EMCC         ?= emcc
PLAYGROUND_SRC := $(filter-out compiler/dump.c,$(COMPILER_SRC)) $(GEN_SRC)
EMFLAGS      := -O2 -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web \
                -sEXPORTED_FUNCTIONS=_wc_playground,_wc_playground_hover,_wc_playground_complete,_wc_playground_words,_malloc,_free \
                -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8

.PHONY: playground
playground: $(GEN_SRC) $(B)/gen/lsp_words.h
	@if command -v $(EMCC) > /dev/null 2>&1; then \
	    $(MAKE) --no-print-directory $(B)/playground/wonderc.js && \
	    { cmp -s $(B)/playground/wonderc.js docs/playground/wonderc.js \
	      || { cp $(B)/playground/wonderc.js docs/playground/wonderc.js && \
	           echo "docs/playground/wonderc.js rewritten: commit it"; }; }; \
	else \
	    echo "SKIP: make playground: emscripten's emcc is not installed (apt-get install emscripten)"; \
	fi

# Debian's emcc runs its JavaScript tools with node, whose packages (acorn)
# Debian keeps in /usr/share/nodejs.
$(B)/playground/wonderc.js: $(PLAYGROUND_SRC) $(wildcard compiler/*.h compiler/lsp/*.h runtime/common/*.h runtime/draw/*.h) \
                           runtime/tables.h $(B)/gen/lsp_words.h
	@mkdir -p $(dir $@)
	NODE_PATH=/usr/share/nodejs $(EMCC) $(CSTD) $(CWARNS) $(CPPFLAGS) $(PLAYGROUND_SRC) $(EMFLAGS) -o $@
