package web

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// scriptCase is a vector case as the scripts' test needs it: a link, or a
// record the page writes as one (formatLink), and the status it expects.
type scriptCase struct {
	Name   string         `json:"name"`
	Link   string         `json:"link"`
	Record map[string]any `json:"record"`
	Expect struct {
		Status string `json:"status"`
	} `json:"expect"`
}

// TestCheckScripts: under every calculated verdict, "check it without this
// page" offers a Node.js and a Python script with the match's values in them
// (web/static/scripts/); run as they stand, each prints the page's verdict on
// its last line, for a mismatch with the first difference the verdict links
// to. A dice_v2 script does so when run with --drand (here against a relay
// on 127.0.0.1); without, it never says match or computed: its last line is
// the first difference it finds without drand, else that the round's
// signature is not checked. Every vector case of every page's schemes that
// a link carries and that is calculated (match, mismatch, computed) gets
// its verdict; the scripts run for one of each kind of verdict a scheme
// gives (a mismatch by what it names first), and for seeds and ids with
// quotes, backslashes, line breaks and characters beyond ASCII. Every
// vector through the scripts is the differential test's (web/node).
func TestCheckScripts(t *testing.T) {
	needBrowser(t)
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("node is needed to run the pages' scripts: %v", err)
	}
	// The interpreter itself: a version manager's python3 (pyenv's shim)
	// spends more on each start than the script takes.
	python, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		t.Fatalf("python3 is needed to run the pages' scripts: %v", err)
	}
	relays := []string{"PFCHECK_DRAND_RELAYS=" + drandRelays(t)}
	for _, page := range Pages {
		if page.Audits {
			continue
		}
		t.Run(page.Name, func(t *testing.T) {
			// Hundreds of verdicts in one tab: more time than open's.
			tb := newTabFor(browserCtx, t, 10*time.Minute)
			tb.navigate(pageURLs("de", page.Name)["file"])
			if got := tb.waitSelfTest(); got != "pass" {
				t.Fatalf("self-test: %s", got)
			}
			eval[bool](tb, asPlayed)
			ran := map[string]int{}
			var jobs []scriptJob
			seen := map[string]bool{}
			for _, scheme := range page.Schemes {
				for _, c := range append(vectorCases[scriptCase](t, scheme), oddCases(scheme)...) {
					if c.Expect.Status == "invalid" && c.Link != "" && !seen[scheme+" invalid"] {
						// No calculation, no script: one such link a scheme.
						seen[scheme+" invalid"] = true
						tb.goTo(c.Link)
						if eval[string](tb, `document.getElementById('verdict').dataset.status`) == "invalid" &&
							!eval[bool](tb, `document.querySelector('[data-scripts]').hidden`) {
							t.Errorf("%s/%s: an invalid verdict offers scripts", scheme, c.Name)
						}
						ran["invalid"]++
					}
					if c.Expect.Status != "match" && c.Expect.Status != "mismatch" && c.Expect.Status != "computed" {
						continue
					}
					link := c.Link
					if link == "" {
						record, _ := json.Marshal(c.Record)
						link = eval[string](tb, fmt.Sprintf(`pfcheck.formatLink(%s)`, record))
						if link == "" {
							continue // a record no link carries
						}
						if c.Name == "odd" { // its recorded values as computed: a match
							link = eval[string](tb, fmt.Sprintf(`pfcheck.formatLink(asPlayed(%s))`, record))
						}
						link = "#" + link
					}
					if seen[link] {
						continue // the same link again: no hashchange, and the same verdict
					}
					seen[link] = true
					tb.goTo(link)
					want, offline := scriptVerdict(t, tb, scheme)
					if status, _, _ := strings.Cut(want, " "); status != c.Expect.Status {
						t.Errorf("%s/%s: the page says %s, the vector %s", scheme, c.Name, status, c.Expect.Status)
					}
					// The scripts run once per kind of verdict.
					path := scheme + " " + digits.ReplaceAllString(want, "N")
					if c.Name == "odd" {
						path += " odd"
					}
					if seen[path] {
						continue
					}
					seen[path] = true
					for lang, run := range map[string][]string{"node": {"node", "check.mjs"}, "python": {strings.TrimSpace(string(python)), "check.py"}} {
						name := fmt.Sprintf("%s/%s (%s)", scheme, c.Name, lang)
						script := pageScript(tb, lang)
						if scheme != "dice_v2" {
							jobs = append(jobs, scriptJob{name: name, want: want, run: run, script: script})
							continue
						}
						// Offline it says what it could not check; asked to, it
						// asks the relays (here: a stand-in on 127.0.0.1) and says
						// what the page says.
						jobs = append(jobs, scriptJob{name: name, want: offline, run: run, script: script},
							scriptJob{name: name + " --drand", want: want, run: append(run, "--drand"), script: script, env: relays})
					}
					ran[c.Expect.Status]++
				}
			}
			runScripts(t, jobs)
			for _, status := range []string{"match", "mismatch"} {
				if ran[status] == 0 {
					t.Errorf("no %s verdict was checked by script", status)
				}
			}
			t.Logf("scripts agreed on %v", ran)
			tb.clean(pageURLs("de", page.Name)["file"])
		})
	}
}

var digits = regexp.MustCompile(`\d+`)

// verdictTarget reads the id of what a mismatch verdict links to first.
var verdictTarget = []struct {
	id   *regexp.Regexp
	last string
}{
	{regexp.MustCompile(`^(seal|commitment)-given$`), "$1"},                                                         // check, dice; shoe
	{regexp.MustCompile(`^fact-(timing)$`), "$1"},                                                                   // dice
	{regexp.MustCompile(`^roll-(\d+)-(\d+)$`), "game $1 roll $2"},                                                   // dice
	{regexp.MustCompile(`^(?:roll|card)-(\d+)$`), "$1"},                                                             // check; shoe
	{regexp.MustCompile(`^item-commitment-1$`), "commitment"},                                                       // games
	{regexp.MustCompile(`^item-commitment-2$`), "commitmentB"},                                                      // games: chess
	{regexp.MustCompile(`^item-(seats|dice|deals|hands|draws|deck|root|proofs|proofCards|colour)-(\d+)$`), "$1 $2"}, // games
}

// scriptVerdict is the last line the scripts must print for the verdict the
// page shows: its status, for a mismatch with the first thing the verdict
// links to. For dice_v2, offline is the last line a script run without the
// network must print: the first difference it can find without drand (all
// but the signature's), else that the signature is not checked.
func scriptVerdict(t *testing.T, tb *tab, scheme string) (last, offline string) {
	t.Helper()
	status := eval[string](tb, `document.getElementById('verdict').dataset.status`)
	ids := eval[[]string](tb, `[...document.querySelectorAll('#verdict [data-verdict-text] a[data-goto]')].map((a) => a.getAttribute('href').slice(1))`)
	offline = "not checked: the signature of drand round "
	if status != "mismatch" {
		return status, offline
	}
	if len(ids) == 0 && scheme == "shoe_v1" { // a cut card that differs is said, not linked
		return "mismatch cut", ""
	}
	var found []string
	for _, id := range ids {
		if id == "fact-signature" {
			found = append(found, "mismatch signature")
			continue
		}
		for _, target := range verdictTarget {
			if target.id.MatchString(id) {
				found = append(found, "mismatch "+target.id.ReplaceAllString(id, target.last))
				break
			}
		}
	}
	if len(found) == 0 {
		t.Fatalf("%s: a mismatch verdict links to %q", scheme, ids)
	}
	for _, f := range found {
		if f != "mismatch signature" {
			offline = f
			break
		}
	}
	return found[0], offline
}

// drandRelays serves, on 127.0.0.1, two stand-ins for drand's HTTP relays
// (GET /<chain hash>/public/<round>) and returns their base URLs as
// PFCHECK_DRAND_RELAYS takes them: quicknet's rounds 1000 and 123 with
// their signatures (SPEC.md §2), any other round with a signature that is
// no vector's. No test asks the network.
func drandRelays(t *testing.T) string {
	signatures := map[string]string{
		"1000": "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
		"123":  "b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92",
	}
	const chain = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971"
	relay := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		parts := strings.Split(r.URL.Path, "/") // "", relay, chain, "public", round
		if len(parts) != 5 || parts[2] != chain || parts[3] != "public" {
			http.NotFound(w, r)
			return
		}
		round, err := strconv.Atoi(parts[4])
		if err != nil {
			http.NotFound(w, r)
			return
		}
		signature, ok := signatures[parts[4]]
		if !ok {
			signature = strings.Repeat("a5", 48)
		}
		sig, _ := hex.DecodeString(signature)
		randomness := sha256.Sum256(sig)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"round": round, "randomness": hex.EncodeToString(randomness[:]), "signature": signature})
	}))
	t.Cleanup(relay.Close)
	return relay.URL + "/a," + relay.URL + "/b"
}

// pageScript unfolds "check it without this page" and returns the page's
// script of lang.
func pageScript(tb *tab, lang string) string {
	tb.t.Helper()
	tb.poll(`!document.querySelector('[data-scripts]').hidden`)
	eval[bool](tb, `document.querySelector('[data-scripts]').open = true`)
	tb.poll(fmt.Sprintf(`document.querySelector('[data-script=%q]').textContent !== ''`, lang))
	return eval[string](tb, fmt.Sprintf(`document.querySelector('[data-script=%q]').textContent`, lang))
}

// scriptJob is a page's script to run: saved as run[1], run by run[0], and
// the last line it must print.
type scriptJob struct {
	name, want string
	run        []string
	script     string
	env        []string // besides the test's own
}

// runScripts runs the jobs, a few at a time (a Python start takes seconds
// on a loaded machine), each from its own directory.
func runScripts(t *testing.T, jobs []scriptJob) {
	t.Helper()
	var wg sync.WaitGroup
	slots := make(chan struct{}, 6)
	for _, job := range jobs {
		dir := t.TempDir()
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			file := filepath.Join(dir, job.run[1])
			if err := os.WriteFile(file, []byte(job.script), 0o644); err != nil {
				t.Error(err)
				return
			}
			cmd := exec.Command(job.run[0], append([]string{file}, job.run[2:]...)...)
			cmd.Env = append(os.Environ(), job.env...)
			out, err := cmd.Output()
			if err != nil {
				t.Errorf("%s: %s %s: %v\n%s", job.name, job.run[0], job.run[1], err, job.script)
				return
			}
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			// A want that ends in a space is the start of the line.
			if got := lines[len(lines)-1]; got != job.want && !(strings.HasSuffix(job.want, " ") && strings.HasPrefix(got, job.want)) {
				t.Errorf("%s: the script's last line is %q, the page says %q", job.name, got, job.want)
			}
		})
	}
	wg.Wait()
}

// asPlayed defines asPlayed(record) in the page: the record with its
// recorded values replaced by those the verifier computes, for a match.
const asPlayed = `globalThis.asPlayed = (record) => {
  const result = pfcheck.check(record);
  switch (record.scheme) {
    case 'match_seed_v2': return { ...record, seats: result.seats, dice: result.dice };
    case 'poker_hmac_v1': return { ...record, root: result.computedRoot, deck: result.deck };
    case 'chess_colour_v1': return { ...record, colourA: result.colourA };
    case 'dice_v2': return { ...record, games: result.games.map((g) => ({ rolls: g.rolls.map((r) => r.dice) })) };
  }
  return record;
}, true`

// odd is a client seed (and a player id) that no literal may end early or
// change: quotes of both languages, a backslash, line breaks (U+2028 too),
// characters beyond ASCII and beyond U+FFFF.
const odd = "a\"b'c\\d\ne\r\u2028\u00e4\u00c4\U0001F3B2`${x}@seedA@ \\u0041"

// oddCases are records with odd seeds, one per scheme where a seed is text;
// the test records as played what the page computes (asPlayed) for a match,
// and the record as it is for a computed verdict.
func oddCases(scheme string) []scriptCase {
	records := map[string]map[string]any{
		"shoe_v1": {"scheme": "shoe_v1", "serverSeed": strings.Repeat("ab", 32), "clientSeed": odd, "nonce": 3, "decks": 2, "penetration": 0.75},
		"match_seed_v2": {"scheme": "match_seed_v2", "game": "backgammon", "matchId": odd, "serverSeed": odd,
			"clientSeeds": []any{odd, ""}, "dice": []any{1, 1, 1, 1}},
		"poker_hmac_v1": {"scheme": "poker_hmac_v1", "table": odd, "session": "s" + odd, "hand": 7, "root": strings.Repeat("0", 64),
			"serverSeed": odd, "seats": map[string]any{"10": odd, "2": "x"}},
		"chess_colour_v1": {"scheme": "chess_colour_v1", "seedA": odd, "clientA": odd, "seedB": "b" + odd, "clientB": odd, "colourA": "white"},
		"dice_v2": {"scheme": "dice_v2", "serverSeed": strings.Repeat("cd", 32), "match": 7, "players": []any{odd, "b" + odd},
			"drandRound": 1000, "drandSignature": "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39",
			"games": []any{map[string]any{"rolls": []any{"11", "11"}}}},
	}
	record, ok := records[scheme]
	if !ok {
		return nil
	}
	c := scriptCase{Name: "odd", Record: record}
	c.Expect.Status = "match"
	if scheme == "shoe_v1" {
		c.Expect.Status = "computed"
	}
	return []scriptCase{c}
}
