# Checks one match's dice bound to both players and a drand round (scheme
# dice_v2) without the pfcheck page.
# Save as check.py and run: python3 check.py  (Python 3, standard library only)
#
# The drand round's signature is what fixes the anchor, and so the rolls: any
# other 48 bytes give other rolls. This script cannot verify the signature
# itself (that takes BLS12-381 pairings), so without the network it never
# says match. Run it as  python3 check.py --drand  and it asks drand's public
# relays for the round (of the League of Entropy "quicknet" chain, by its
# hash; only with --drand does it connect anywhere) and compares their
# signature with the match's, byte for byte: then it can say match.
# PFCHECK_DRAND_RELAYS (comma-separated base URLs) replaces the relays.
import hashlib
import hmac
import json
import os
import re
import sys
import threading
import urllib.request

# The match, as the page read it (None: not given).
server_seed = @serverSeed@  # 64 hex digits; the HMAC key is its bytes
seal = @seal@  # published before the match
sealed_at = @sealedAt@  # when the seal was published, Unix seconds
match = @match@
players = @players@  # player A, player B
drand_round = @drandRound@
drand_signature = @drandSignature@
games = @games@  # the rolls that were played, game by game, "63" = 6 then 3

key = bytes.fromhex(server_seed)
differences = []

# 1. The seal: SHA-256 of the seed's bytes.
computed_seal = hashlib.sha256(key).hexdigest()
if seal is not None and computed_seal != seal.lower():
    differences.append("seal")
if seal is None:
    print("seal " + computed_seal)
else:
    print("seal " + computed_seal + (" DIFFERS from " + seal if differences else " matches"))

# 2. The round's signature, as drand's relays give round R of quicknet: the
# same bytes from every relay that answers (at least two), or not checked.
CHAIN = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971"
RELAYS = "https://api.drand.sh,https://api2.drand.sh,https://api3.drand.sh,https://drand.cloudflare.com"


def shown(text):
    # What a relay sends is shown escaped: a control or non-ASCII character
    # as \u{...}, so that no answer can write to the terminal.
    return "".join("\\\\" if c == "\\" else c if " " <= c <= "~" else "\\u{%x}" % ord(c) for c in str(text))


def fetch(url, answer):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            answer.append(response.read(65537))
    except Exception as err:  # any failure of one relay: it gave no answer
        answer.append(err)


def beacon_signature(url):
    # A relay's answer: at most 64 KB, all of it within 10 s (urlopen's
    # timeout bounds each read, not the whole: a relay sending a byte a
    # second would hold it), a signature of 96 hex digits and nothing else.
    answer = []
    request = threading.Thread(target=fetch, args=(url, answer), daemon=True)
    request.start()
    request.join(10)
    if not answer:
        raise TimeoutError("none within 10 s")
    if isinstance(answer[0], Exception):
        raise answer[0]
    if len(answer[0]) > 65536:
        raise ValueError("over 64 KB")
    beacon = json.loads(answer[0])
    theirs = beacon.get("signature") if isinstance(beacon, dict) else None
    if not isinstance(theirs, str) or not re.fullmatch("[0-9a-fA-F]{96}", theirs) or type(beacon.get("round")) not in (int, float) or beacon.get("round") != drand_round:
        raise ValueError("not round " + str(drand_round))
    return bytes.fromhex(theirs)


signature_checked = False
if "--drand" in sys.argv[1:]:
    answers = []
    for relay in os.environ.get("PFCHECK_DRAND_RELAYS", RELAYS).split(","):
        url = relay.rstrip("/") + "/" + CHAIN + "/public/" + str(drand_round)
        try:
            answers.append(beacon_signature(url))
            print("drand relay " + shown(url) + ": signature " + answers[-1].hex())
        except Exception as err:  # any failure of one relay: it gave no answer
            print("drand relay " + shown(url) + ": no answer (" + shown(err) + ")")
    if len(answers) < 2 or not all(hmac.compare_digest(a, answers[0]) for a in answers):
        print("signature: NOT CHECKED: fewer than two relays answered, or they differ")
    else:
        signature_checked = hmac.compare_digest(bytes.fromhex(drand_signature), answers[0])
        if not signature_checked:
            differences.append("signature")
        print("signature " + ("is" if signature_checked else "DIFFERS from") + " round " + str(drand_round) + "'s, as drand's relays give it")
else:
    print("signature: not checked (no network); run python3 check.py --drand to compare it with drand's relays")

# 3. The round: its time must be later than the seal's; its randomness, the
# anchor, is SHA-256 of its signature.
round_time = 1692803367 + (drand_round - 1) * 3
if sealed_at is not None and not round_time > sealed_at:
    differences.append("timing")
if sealed_at is None:
    print("drand round " + str(drand_round) + " at Unix time " + str(round_time))
else:
    after = ", after the seal" if round_time > sealed_at else ", NOT after the seal (" + str(sealed_at) + ")"
    print("drand round " + str(drand_round) + " at Unix time " + str(round_time) + after)
anchor = hashlib.sha256(bytes.fromhex(drand_signature)).digest()
print("anchor " + anchor.hex())


# 4. binding = lp(match) lp(game) lp(player A) lp(player B) lp(anchor), lp(x) = uint32be(length of x) x.
def lp(data):
    return len(data).to_bytes(4, "big") + data


def binding(game):
    return lp(str(match).encode()) + lp(str(game).encode()) + lp(players[0].encode("utf-8")) + lp(players[1].encode("utf-8")) + lp(anchor)


# 5. Roll n of a game: HMAC(seed, binding uint64be(n)), then HMAC(seed, binding uint64be(n) uint32be(j))
# for j = 1, 2, ...; bytes of 252 and above skipped, the first two kept give the dice (b mod 6 + 1).
def roll(game, n):
    kept = []
    j = 0
    while len(kept) < 2:
        message = binding(game) + n.to_bytes(8, "big") + (j.to_bytes(4, "big") if j > 0 else b"")
        kept += [b % 6 + 1 for b in hmac.new(key, message, hashlib.sha256).digest() if b < 252]
        j += 1
    return str(kept[0]) + str(kept[1])


# 6. Every roll, counted from 1 within its game, against the one played.
for i, game in enumerate(games or []):
    for k, played in enumerate(game["rolls"]):
        dice = roll(i + 1, k + 1)
        where = "game " + str(i + 1) + " roll " + str(k + 1)
        if played != dice:
            differences.append(where)
        print(where + ": " + dice[0] + "-" + dice[1] + (" as played" if played == dice else " DIFFERS, played " + played[0] + "-" + played[1]))

# 7. The verdict: mismatch (and the first difference), match, or computed (no rolls to compare);
# never match or computed while the signature is not checked.
if differences:
    print("mismatch " + differences[0])
elif not signature_checked:
    print("not checked: the signature of drand round " + str(drand_round) + "; run python3 check.py --drand")
else:
    print("match" if games else "computed")
