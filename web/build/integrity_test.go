package main

import (
	"crypto/ed25519"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"os"
	"path/filepath"
	"testing"
)

// TestSign: make sign adds a signer's good signature of the manifest to
// integrity.sig.json, replaces its own on signing again, and starts anew
// for another manifest (a new build); a key that is not Ed25519 PKCS#8 PEM
// is refused.
func TestSign(t *testing.T) {
	dist := t.TempDir()
	keyFile := func(name string) (string, ed25519.PublicKey) {
		public, private, err := ed25519.GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		der, err := x509.MarshalPKCS8PrivateKey(private)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dist, name)
		if err := os.WriteFile(file, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return file, public
	}
	writeManifest := func(text string) []byte {
		if err := os.WriteFile(filepath.Join(dist, Manifest), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return []byte(text)
	}
	// signers checks that integrity.sig.json holds good signatures of
	// manifest by exactly the keys want.
	signers := func(manifest []byte, want ...ed25519.PublicKey) {
		t.Helper()
		s, err := readSignatures(dist)
		if err != nil || s.Manifest != sumOf(manifest) || len(s.Signatures) != len(want) {
			t.Fatalf("%+v, %v: want %d signatures of %s", s, err, len(want), sumOf(manifest))
		}
		for _, w := range want {
			found := false
			for _, g := range s.Signatures {
				signature, _ := base64.StdEncoding.DecodeString(g.Signature)
				if g.PublicKey == base64.StdEncoding.EncodeToString(w) {
					found = ed25519.Verify(w, manifest, signature)
				}
			}
			if !found {
				t.Errorf("no good signature by %s", fingerprint(w))
			}
		}
	}
	manifest := writeManifest(`{"version": "a"}`)
	operator, operatorKey := keyFile("operator.pem")
	lab, labKey := keyFile("lab.pem")
	if fp, err := sign(dist, operator); err != nil || fp != fingerprint(operatorKey) {
		t.Fatalf("sign: %s, %v", fp, err)
	}
	if _, err := sign(dist, lab); err != nil {
		t.Fatal(err)
	}
	if _, err := sign(dist, operator); err != nil {
		t.Fatal(err)
	}
	signers(manifest, operatorKey, labKey)

	manifest = writeManifest(`{"version": "b"}`)
	if _, err := sign(dist, lab); err != nil {
		t.Fatal(err)
	}
	signers(manifest, labKey)

	notKey := filepath.Join(dist, "not.pem")
	os.WriteFile(notKey, []byte("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"), 0o600)
	if _, err := sign(dist, notKey); err == nil {
		t.Error("a public key signed")
	}
}
