# pfcheck — see README.md. Every target says what it does; `make help` lists them.
GO       ?= go
NODE     ?= node
VERSION  := 0.1.0
DIST     := web/dist
GOROOT   := $(shell $(GO) env GOROOT)
VECTORS  := $(sort $(wildcard testdata/vectors/*.json))
GENS     := $(sort $(wildcard testdata/gen/*.mjs))
# The source hash names what a wasm was built from; rebuilding the same
# sources with the same Go gives the same wasm (-trimpath, no VCS stamp).
GOSRC    := go.mod $(sort $(shell find internal wasm -name '*.go' -not -name '*_test.go'))
SRCHASH  := $(shell cat $(GOSRC) | sha256sum | cut -c1-12)
BUILDVER := $(VERSION)+src.$(SRCHASH)
# Every scheme but dice_v2, whose BLS library (gnark-crypto) links fmt,
# reflect and math/big: only the dice page's wasm carries that.
LEAN_TAGS := pfcheck_minimal,pfcheck_shoe,pfcheck_tablegames

# Audit benchmark files, generated when make bench needs them (not committed):
# 100,000 dice_v1 matches of 100 rolls, and about 1 GB of copies of them.
AUDIT_100K := $(DIST)/bench/audit-100k.txt
AUDIT_1G   := $(DIST)/bench/audit-1g.txt

.PHONY: help setup build sign verify-site conformance wasm vectors test test-quick test-go test-core test-web-0 test-web-1 test-go-short test-node test-engines fuzz vet typecheck serve bench bench-audit bench-engines screenshots reproducible clean

help:           ## list the targets
	@grep -E '^[a-z-]+:.*##' $(MAKEFILE_LIST) | sed 's/:.*##/\t/'

# QUICK=1 (make test, make test-quick): brotli at quality 5, not 11 (web/build
# -quick): the same pages, their .br forms some 15% larger, compressed in
# seconds where quality 11 takes some 8 s a page; serve and bench build at 11.
build: $(DIST)/wasm_exec.js ## build the self-contained pages (each with its own wasm) into web/dist; SUPPORT=mailto:…|https://… names where players report a mismatch; OPERATOR_VECTORS=dir adds your server's vectors to each page's self-test (a failing case stops the build)
	$(GO) run ./web/build -dist $(DIST) -version $(BUILDVER) -support '$(SUPPORT)' -operator '$(OPERATOR_VECTORS)'$(if $(QUICK), -quick)

sign:           ## KEY=<file>: sign the built web/dist/integrity.json with an Ed25519 private key (PKCS#8 PEM: openssl genpkey -algorithm ed25519 -out key.pem), adding the signature to web/dist/integrity.sig.json; any number of signers
	@test -n '$(KEY)' || { echo 'make sign KEY=<Ed25519 private key, PKCS#8 PEM>'; exit 2; }
	$(GO) run ./web/build -dist $(DIST) -sign '$(KEY)'

verify-site:    ## URL=<origin>: fetch a live site's integrity manifest, its signatures and every file it names, and check them against a local make build of these sources (exit 0 all agree, 1 one differs, 2 cannot run)
	@test -n '$(URL)' || { echo 'make verify-site URL=https://…'; exit 2; }
	$(NODE) web/node/verify-site.mjs '$(URL)' --rebuild

conformance: wasm ## OPERATOR_VECTORS=dir: each case of your server's vectors through the verifier, pass or FAIL with its first difference (without Go: node web/node/conformance.mjs dir)
	@test -n '$(OPERATOR_VECTORS)' || { echo 'make conformance OPERATOR_VECTORS=<directory of *.json> (testdata/operator is an example)'; exit 2; }
	$(NODE) web/node/conformance.mjs '$(OPERATOR_VECTORS)'

wasm: $(DIST)/verifier.wasm $(DIST)/wasm_exec.js ## build the verifier with every scheme (for Node) and copy wasm_exec.js

$(DIST)/verifier.wasm: $(GOSRC)
	@mkdir -p $(DIST)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w -X main.version=$(BUILDVER)' -o $@ ./wasm
	sha256sum $@ | cut -d' ' -f1 > $@.sha256

$(DIST)/wasm_exec.js: $(GOROOT)/lib/wasm/wasm_exec.js
	@mkdir -p $(DIST)
	cp $< $@

vectors:        ## regenerate testdata/vectors (and the example operator's, testdata/operator) from the JavaScript generators
	@for g in $(GENS); do echo "$(NODE) $$g"; $(NODE) $$g || exit 1; done

vet: typecheck  ## gofmt, go vet (native and wasm), what the wasm links, and the JavaScript's types
	@test -z "$$(gofmt -l .)" || { gofmt -l .; echo 'gofmt: files above need formatting'; exit 1; }
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm
	GOOS=js GOARCH=wasm $(GO) vet -tags pfcheck_minimal ./wasm
	@! GOOS=js GOARCH=wasm $(GO) list -tags $(LEAN_TAGS) -deps ./wasm | grep -xE 'fmt|encoding/json|encoding/hex|reflect|net/http' \
		|| { echo 'the wasm links a package listed above'; exit 1; }

setup:          ## install what the tests need and is missing (.ci/setup: the browsers, their drivers, Xvfb, Node.js, Python; as root with apt-get, else it says the line to run), and the pinned npm packages
	@.ci/setup
	@$(MAKE) -s web/node_modules/.installed

# The suites run side by side: vet, the Go tests of every package but web,
# web's browser tests in two shards (PFCHECK_SHARD, each its own Chromium),
# Node, and the engines' (WebKit and Firefox, side by side too); a browser
# test mostly waits on its page, and the build runs beside what does not
# need it (web/BENCHMARKS.md, "The test run"). Each suite's output comes
# whole when it ends (-O).
test: setup ## set up, then run every test: vet and types, Go (with the browser tests in Chromium), the wasm in Node, the pages in WebKit and Firefox; the last line says whether a browser was missing
	@$(MAKE) --no-print-directory -j6 -O QUICK=1 vet test-core test-web-0 test-web-1 test-node test-engines
	@.ci/setup verdict

test-quick: ## the tests that need no browser, in under a minute: Go with -short (the browser tests skip) and the wasm in Node, side by side
	@$(MAKE) --no-print-directory -j2 -O QUICK=1 test-go-short test-node
	@echo 'make test-quick: passed; make test runs every test'

test-go: test-core test-web-0 test-web-1 ## Go tests, including the chromedp browser tests in web/ (with axe-core)

test-core:
	$(GO) test -count=1 $(shell $(GO) list ./... | grep -vx pfcheck/web)

test-web-0 test-web-1: build web/node_modules/.installed
	PFCHECK_SHARD=$(@:test-web-%=%)/2 $(GO) test -count=1 -timeout 30m ./web/

test-go-short: wasm build
	$(GO) test -short -count=1 ./...

test-engines: wasm build web/node_modules/.installed ## the pages in WebKit (WebKitWebDriver, Xvfb) and Firefox (WebDriver BiDi), side by side: web/engines
	$(NODE) --test --test-concurrency=2 web/engines/

# The templates the build fills in (sw.js, the scripts to check without the
# page) are checked as filled: each @placeholder@ a JSON value of any type.
TYPECHECK := web/dist.cache/typecheck
typecheck: web/node_modules/.installed ## TypeScript's checker (pinned in web/package.json) over the JavaScript: web/static, web/engines, web/node
	@rm -rf $(TYPECHECK) && mkdir -p $(TYPECHECK)/scripts
	@for f in web/static/sw.js web/static/scripts/*.mjs; do \
		sed -E "s|@[A-Za-z0-9_]+@|JSON.parse('null')|g" $$f > $(TYPECHECK)/$${f#web/static/}; done
	web/node_modules/.bin/tsc -p web/static/tsconfig.json
	web/node_modules/.bin/tsc -p web/static/tsconfig.sw.json
	web/node_modules/.bin/tsc -p web/tsconfig.json

# axe-core, TypeScript and the engine tests' clients, pinned in web/package.json and its lock.
web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

test-node: wasm build ## the vectors through the wasm in Node (and as the pages carry them)
	$(NODE) --test web/node/

fuzz: wasm      ## the long runs: 10,000 generated records per scheme through check, the audit and both scripts (web/node/differential.mjs), and Go's fuzzing of the record's one meaning, the JSON reader and the operator's vector files
	$(NODE) web/node/differential.mjs --records 10000
	$(GO) test -run '^$$' -fuzz '^FuzzOneMeaning$$' -fuzztime 60s ./internal/verify
	$(GO) test -run '^$$' -fuzz '^FuzzParseJSON$$' -fuzztime 30s ./internal/report
	$(GO) test -run '^$$' -fuzz '^FuzzReadVectorFile$$' -fuzztime 30s ./internal/verify

serve: build    ## build, then serve web/dist on 127.0.0.1:8080 with an example link
	$(GO) run serve.go

bench: build wasm web/node_modules/.installed ## benchmarks: Go natively and in wasm, the wasm in Node, the pages in Chromium (from file:// and served on a phone's network; the bytes of a first visit and of a new deploy, against web/dist.next: the same sources with another version), Lighthouse on the served check page (simulated and devtools throttling), a return in WebKit and Firefox, sizes
	$(GO) test -run '^$$' -bench . -benchmem ./internal/...
	GOOS=js GOARCH=wasm $(GO) test -exec=$(GOROOT)/lib/wasm/go_js_wasm_exec -run '^$$' -bench 'Roll$$' ./internal/dice
	GOOS=js GOARCH=wasm $(GO) test -exec=$(GOROOT)/lib/wasm/go_js_wasm_exec -run '^$$' -bench 'Audit$$' ./internal/audit
	GOOS=js GOARCH=wasm $(GO) test -exec=$(GOROOT)/lib/wasm/go_js_wasm_exec -run '^$$' -bench 'Diagnosis$$' ./internal/verify
	$(NODE) web/node/bench.mjs
	$(GO) test -count=1 -run '^$$' -bench ColdVerdict -benchtime 9x ./web/
	$(GO) test -count=1 -run '^$$' -bench FirstTap -benchtime 3x ./web/
	@mkdir -p $(DIST).next && cp $(DIST)/wasm_exec.js $(DIST).next/
	$(GO) run ./web/build -dist $(DIST).next -version $(BUILDVER)+next -support '$(SUPPORT)'
	PFCHECK_BENCH_NEXT=$(abspath $(DIST).next) $(GO) test -count=1 -run '^$$' -bench DataPlan -benchtime 1x ./web/
	$(MAKE) bench-audit
	$(NODE) web/node/lighthouse.mjs
	$(MAKE) bench-engines
	@for f in $(DIST)/*/*/index.html; do \
		printf '%-28s %9d bytes, served %8d brotli, %8d gzip\n' "$$f" "$$(wc -c < $$f)" "$$(wc -c < $$f.br)" "$$(wc -c < $$f.gz)"; done
	@for f in $(DIST)/wasm/*.wasm; do \
		printf '%-28s %9d bytes, %8d gzip\n' "$$f" "$$(wc -c < $$f)" "$$(gzip -9c $$f | wc -c)"; done
	@echo 'make bench: these figures go into web/BENCHMARKS.md, and their summary into the README ("Performance")'

bench-engines: build wasm web/node_modules/.installed ## a player's return (the service worker's kept page) in WebKit and Firefox, × the hello floor's warm visit in the same run, desktop, unthrottled: web/engines/bench-return.mjs (ROUNDS=5)
	$(NODE) web/engines/bench-return.mjs --rounds $(or $(ROUNDS),5)

bench-audit: build wasm $(AUDIT_100K) $(AUDIT_1G) ## the audit of 100,000 matches × 100 rolls in Node and in the browser, and of 1 GB (tab memory)
	$(NODE) web/node/audit.mjs $(AUDIT_100K) > /dev/null || test $$? = 1
	PFCHECK_AUDIT_FILE=$(abspath $(AUDIT_100K)) $(GO) test -count=1 -run '^$$' -bench AuditRate -benchtime 1x ./web/
	PFCHECK_AUDIT_GB=$(abspath $(AUDIT_1G)) $(GO) test -count=1 -run '^$$' -bench AuditMemory -benchtime 1x -timeout 2h ./web/

$(AUDIT_100K): testdata/gen/audit.mjs testdata/gen/lib.mjs
	$(NODE) testdata/gen/audit.mjs --matches 100000 --rolls 100 --out $@

$(AUDIT_1G): $(AUDIT_100K)
	@size=$$(wc -c < $<); n=$$(( (1000000000 + size - 1) / size )); \
		echo "$@: $$n copies of $<"; for i in $$(seq $$n); do cat $<; done > $@

# The screenshots show the verdict as built without SUPPORT (no address).
screenshots: SUPPORT =
screenshots: build ## the README's phone screenshots (360×800): the check page's verdicts in web/screenshots, rewritten only where their pixels changed
	PFCHECK_SCREENSHOTS=$(abspath web/screenshots) $(GO) test -count=1 -v -run '^TestScreenshots$$' ./web/

reproducible: build ## rebuild the pages from a copy of the sources elsewhere with an empty Go cache: every verifier, vector set and page, and their brotli and gzip forms, must be the same bytes
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$$tmp" && \
	echo "rebuilding in $$tmp with an empty GOCACHE" && \
	(cd "$$tmp" && GOCACHE="$$tmp/.gocache" $(MAKE) -s build >/dev/null) && \
	for f in $$(cd $(DIST) && ls wasm/* */*/index.html* index.html* sw.js* integrity.json); do \
		cmp "$(DIST)/$$f" "$$tmp/$(DIST)/$$f" || exit 1; done && \
	echo 'reproducible: both builds are the same bytes'

clean:          ## remove build output
	rm -rf $(DIST) $(DIST).cache $(DIST).next $(DIST).next.cache
