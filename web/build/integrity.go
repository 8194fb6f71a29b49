package main

// The build's integrity manifest and its signatures (issue 39): a third
// party who rebuilt the same sources, or the operator, vouches for a build
// by signing its manifest, and a player's kept pages take a new build only
// when the signers they were kept under signed it (web/static/sw.js).

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// Manifest and Signatures are the file names, at the root of the pages.
const (
	Manifest   = "integrity.json"
	Signatures = "integrity.sig.json"
)

// manifest is integrity.json: the build's version (with the source hash the
// foot shows), its inputs, and the SHA-256 of every file a page or the
// worker uses, by URL relative to the root of the pages (sw.js's names).
type manifest struct {
	Version  string            `json:"version"`
	Support  string            `json:"support"`
	Operator map[string]string `json:"operatorVectors"` // page: SHA-256 of the operator's vectors it carries
	Files    map[string]string `json:"files"`
}

// signatures is integrity.sig.json: the SHA-256 of the manifest's bytes
// and each signer's Ed25519 signature of those bytes with its public key
// (both base64, the key raw: 32 bytes).
type signatures struct {
	Manifest   string      `json:"manifest"`
	Signatures []signature `json:"signatures"`
}

type signature struct {
	PublicKey string `json:"publicKey"`
	Signature string `json:"signature"`
}

// writeIntegrity writes dist/integrity.json; signatures of another
// manifest (a build before) are removed: they vouch for other bytes. The
// same sources and inputs give the same bytes, so a rebuild keeps them.
func writeIntegrity(dist, version, support string) error {
	files, _ := keptFiles()
	files["sw.js"] = "sw.js"
	m := manifest{Version: version, Support: support, Operator: map[string]string{}, Files: map[string]string{}}
	for url, file := range files {
		sum, err := fileSum(filepath.Join(dist, file))
		if err != nil {
			return fmt.Errorf("%s names every file: %v", Manifest, err)
		}
		m.Files[url] = sum
	}
	operator, _ := filepath.Glob(filepath.Join(dist, "wasm", "*.operator.vectors"))
	for _, file := range operator {
		sum, err := fileSum(file)
		if err != nil {
			return err
		}
		m.Operator[filepath.Base(file)] = sum
	}
	data, err := json.MarshalIndent(m, "", "  ") // maps sorted by key
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if err := os.WriteFile(filepath.Join(dist, Manifest), data, 0o644); err != nil {
		return err
	}
	if s, err := readSignatures(dist); err == nil && s.Manifest != sumOf(data) {
		return os.Remove(filepath.Join(dist, Signatures))
	}
	return nil
}

func sumOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func fileSum(file string) (string, error) {
	data, err := os.ReadFile(file)
	return sumOf(data), err
}

func readSignatures(dist string) (signatures, error) {
	var s signatures
	data, err := os.ReadFile(filepath.Join(dist, Signatures))
	if err == nil {
		err = json.Unmarshal(data, &s)
	}
	return s, err
}

// sign adds to dist/integrity.sig.json the signature of dist/integrity.json
// by the Ed25519 private key in keyFile (PKCS#8 PEM, as `openssl genpkey
// -algorithm ed25519` writes it), replacing an earlier one of the same key,
// and returns the key's fingerprint.
func sign(dist, keyFile string) (string, error) {
	pemData, err := os.ReadFile(keyFile)
	if err != nil {
		return "", err
	}
	block, _ := pem.Decode(pemData)
	if block == nil || block.Type != "PRIVATE KEY" {
		return "", fmt.Errorf("%s: not a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----)", keyFile)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return "", fmt.Errorf("%s: %v", keyFile, err)
	}
	key, ok := parsed.(ed25519.PrivateKey)
	if !ok {
		return "", fmt.Errorf("%s: not an Ed25519 key", keyFile)
	}
	data, err := os.ReadFile(filepath.Join(dist, Manifest))
	if err != nil {
		return "", fmt.Errorf("%v: run make build first", err)
	}
	s, err := readSignatures(dist)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if s.Manifest != sumOf(data) {
		s = signatures{Manifest: sumOf(data)}
	}
	public := key.Public().(ed25519.PublicKey)
	s.Signatures = slices.DeleteFunc(s.Signatures, func(g signature) bool {
		k, err := base64.StdEncoding.DecodeString(g.PublicKey)
		return err != nil || bytes.Equal(k, public)
	})
	s.Signatures = append(s.Signatures, signature{
		PublicKey: base64.StdEncoding.EncodeToString(public),
		Signature: base64.StdEncoding.EncodeToString(ed25519.Sign(key, data)),
	})
	slices.SortFunc(s.Signatures, func(a, b signature) int { return bytes.Compare([]byte(a.PublicKey), []byte(b.PublicKey)) })
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return "", err
	}
	return fingerprint(public), os.WriteFile(filepath.Join(dist, Signatures), append(out, '\n'), 0o644)
}

// fingerprint is how a page names a signer: the first 16 hex digits of
// the SHA-256 of its raw public key.
func fingerprint(public []byte) string {
	return sumOf(public)[:16]
}
