package web

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The kept pages hold the line (issue 39): the service worker pins the
// signers of the first build it keeps, and a later build replaces the kept
// pages only when they signed it.

// signingKey writes a new Ed25519 private key as make sign reads it
// (PKCS#8 PEM) and returns its file and the fingerprint a page shows.
func signingKey(t *testing.T) (file, fingerprint string) {
	t.Helper()
	public, private, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(private)
	if err != nil {
		t.Fatal(err)
	}
	file = filepath.Join(t.TempDir(), "key.pem")
	if err := os.WriteFile(file, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(public)
	return file, hex.EncodeToString(sum[:])[:16]
}

// signBuild signs dir's manifest with key as `make sign` does.
func signBuild(t *testing.T, dir, key string) {
	t.Helper()
	cmd := exec.Command("go", "run", "./web/build", "-dist", dir, "-sign", key)
	cmd.Dir = filepath.Join(distDir, "..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sign: %v\n%s", err, out)
	}
}

// historyLine is the foot's line on the kept build and the builds before.
func (tb *tab) historyLine() string {
	tb.t.Helper()
	tb.poll(`!document.querySelector('[data-verifier-history]').hidden`)
	return eval[string](tb, `document.querySelector('[data-verifier-history]').textContent`)
}

// today is the date as the page writes a day in its language.
func (tb *tab) today() string {
	return eval[string](tb, `new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium' }).format(new Date())`)
}

// TestKeptPagesHoldTheLine: a page kept from a build signed by key A pins
// A and shows it in its foot. A new build unsigned, or signed by key B
// alone, replaces nothing: the kept verifier runs, and the page says in
// [data-integrity-notice] that the signers it was kept under did not sign
// the new build. The new build signed by A replaces the kept pages, and the
// foot names the earlier build with its dates. A page saved from it carries
// the manifest and A's signature, which verify-site --file checks, and a
// byte changed in it is found.
func TestKeptPagesHoldTheLine(t *testing.T) {
	browser := isolatedBrowser(t)
	keyA, fingerprintA := signingKey(t)
	keyB, _ := signingKey(t)
	words := pageWords(t, "check", "de")

	old := copyOfDist(t)
	signBuild(t, old, keyA)
	var oldManifest struct{ Version string }
	if err := json.Unmarshal(readFile(t, filepath.Join(old, "integrity.json")), &oldManifest); err != nil {
		t.Fatal(err)
	}
	s := serveSite(t, old, "127.0.0.1:0")
	first := openIn(browser, t, s.url()+"/de/check/")
	if got := first.waitSelfTest(); got != "pass" {
		t.Fatalf("self-test %s", got)
	}
	oldCache := first.waitWorker()[0]
	oldSHA256 := first.footerSHA256()
	keptOn := first.today()
	if got, want := first.historyLine(), strings.NewReplacer("{date}", keptOn, "{signers}", fingerprintA).Replace(words["msg.history.signed"]); got != want {
		t.Errorf("the foot says %q, want %q", got, want)
	}
	oldURLs := first.storedURLs()[oldCache]
	s.srv.Close()

	newDist := rebuild(t)
	for _, c := range []struct {
		name string
		sign func()
	}{
		{"unsigned", func() {}},
		{"signed by another key", func() { signBuild(t, newDist, keyB) }},
	} {
		c.sign()
		s1 := serveSite(t, newDist, s.addr)
		visit := openIn(browser, t, s1.url()+"/de/check/")
		if got := visit.waitUpdate(); got != "redundant" {
			t.Errorf("%s: the new worker ends %s, want redundant", c.name, got)
		}
		visit.poll(`document.querySelector('[data-integrity-notice]').textContent !== ''`)
		if got, want := eval[string](visit, `document.querySelector('[data-integrity-notice]').textContent`), strings.ReplaceAll(words["msg.integrity.signers"], "{date}", keptOn); got != want {
			t.Errorf("%s: the notice says %q, want %q", c.name, got, want)
		}
		visit.waitQuiet()
		if got := visit.kept(); got != "" {
			t.Errorf("%s: the stale line says %q too", c.name, got)
		}
		if got := visit.storedURLs(); len(got) != 1 || !slices.Equal(got[oldCache], oldURLs) {
			t.Errorf("%s: stored %q, want the pages before in %s", c.name, got, oldCache)
		}
		if got := visit.footerSHA256(); got != oldSHA256 {
			t.Errorf("%s: verifier %s, want the kept one %s", c.name, got, oldSHA256)
		}
		s1.srv.Close()
	}
	if err := os.Remove(filepath.Join(newDist, "integrity.sig.json")); err != nil {
		t.Fatal(err)
	}
	signBuild(t, newDist, keyA)

	// Signed by the pinned signer: kept. Its worker fetches and hashes the
	// build, which on two cores beside the other suites may take minutes.
	s2 := serveSite(t, newDist, s.addr)
	visit := newTabFor(browser, t, 6*time.Minute)
	visit.navigate(s2.url() + "/de/check/")
	visit.waitSelfTest()
	visit.pollWithin(`caches.keys().then((names) => names.length === 1 && names[0] !== `+jsString(oldCache)+`)`, 4*time.Minute)
	next := openIn(browser, t, s2.url()+"/de/check/")
	newSHA256 := fileSHA256(t, filepath.Join(newDist, "wasm", "check.wasm"))
	if got := next.footerSHA256(); got != newSHA256 || got == oldSHA256 {
		t.Errorf("signed by A: verifier %s, want the new build's %s", got, newSHA256)
	}
	if got := eval[string](next, `document.querySelector('[data-integrity-notice]').textContent`); got != "" {
		t.Errorf("signed by A: the notice says %q", got)
	}
	today := next.today()
	earlier := strings.NewReplacer("{version}", oldManifest.Version, "{since}", keptOn, "{until}", today).Replace(words["msg.history.build"])
	want := strings.NewReplacer("{date}", today, "{signers}", fingerprintA).Replace(words["msg.history.signed"]) + " " +
		strings.ReplaceAll(words["msg.history.earlier"], "{builds}", earlier)
	if got := next.historyLine(); got != want {
		t.Errorf("signed by A: the foot says %q, want %q", got, want)
	}

	// The saved page carries its manifest and signatures.
	saved := next.download(`[data-download]`, "pfcheck-de-check.html")
	out, err := exec.Command("node", filepath.Join(distDir, "..", "node", "verify-site.mjs"), "--file", saved).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "signed by "+fingerprintA) || !strings.Contains(string(out), `the page "/de/check/"`) {
		t.Errorf("verify-site --file of the saved page: %v\n%s", err, out)
	}
	changed := readFile(t, saved)
	at := len(changed) / 2
	changed[at] ^= 1
	tampered := filepath.Join(t.TempDir(), "tampered.html")
	if err := os.WriteFile(tampered, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = exec.Command("node", filepath.Join(distDir, "..", "node", "verify-site.mjs"), "--file", tampered).CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "which the manifest names for no file") {
		t.Errorf("verify-site --file of a changed copy: %v, want exit 1\n%s", err, out)
	}
}
