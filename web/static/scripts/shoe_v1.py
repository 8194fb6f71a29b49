# Checks one card shoe (scheme shoe_v1) without the pfcheck page.
# Save as check.py and run: python3 check.py  (Python 3, hashlib and hmac only)
import hashlib
import hmac

# The shoe, as the page read it (None: not given).
server_seed = @serverSeed@  # 64 hex digits
commitment = @commitment@  # shown at the table before the deal
tournament_id = @tournamentId@  # a tournament hand has this and hand,
hand = @hand@
client_seed = @clientSeed@  # a free round clientSeed and nonce
nonce = @nonce@
if tournament_id is not None:
    client_seed = tournament_id + ":" + str(hand)
    nonce = hand
decks = @decks@
penetration = @penetration@
recorded = @cards@  # the cards dealt, first card first
recorded_cut = @cut@

# 1. The commitment: SHA-256 of the seed's 32 bytes.
computed_commitment = hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()
commitment_differs = commitment is not None and computed_commitment != commitment.lower()
if commitment is None:
    print("commitment " + computed_commitment)
else:
    print("commitment " + computed_commitment + (" DIFFERS from " + commitment if commitment_differs else " matches"))

# 2. The byte stream: block c = HMAC(key = the seed as lowercase hex TEXT,
# clientSeed + ":" + nonce + ":" + c); a read may span two blocks.
key = server_seed.lower().encode("utf-8")
stream = {"block": b"", "blocks": 0, "at": 0}


def next_byte():
    if stream["at"] == len(stream["block"]):
        message = client_seed + ":" + str(nonce) + ":" + str(stream["blocks"])
        stream["block"] = hmac.new(key, message.encode("utf-8"), hashlib.sha256).digest()
        stream["blocks"] += 1
        stream["at"] = 0
    stream["at"] += 1
    return stream["block"][stream["at"] - 1]


# 3. A whole number below n: k bytes big-endian with 256^k >= n, read again
# where x would favour the lowest numbers.
def index(n):
    k = 1
    while 256 ** k < n:
        k += 1
    limit = 256 ** k - (256 ** k % n)
    while True:
        x = 0
        for _ in range(k):
            x = x * 256 + next_byte()
        if x < limit:
            return x % n


# 4. The ordered shoe (per deck S H D C, ranks A..K), then Fisher-Yates from the top.
cards = [rank + suit for _ in range(decks) for suit in "SHDC" for rank in "A23456789TJQK"]
for i in range(len(cards) - 1, 0, -1):
    j = index(i + 1)
    cards[i], cards[j] = cards[j], cards[i]

# 5. The cut card, from the same stream, round(x) = floor(x + 0.5).
total = len(cards)


def round_half_up(x):
    return int(x + 0.5)  # x > 0: int() is floor


spread = max(1, round_half_up(total * 0.02))
cut = round_half_up(total * penetration) + index(2 * spread + 1) - spread
cut = min(max(cut, max(20, round_half_up(total * 0.5))), total - 15)
if recorded_cut is None:
    print("cut card " + str(cut))
else:
    print("cut card " + str(cut) + (" as recorded" if recorded_cut == cut else " DIFFERS, recorded " + str(recorded_cut)))

# 6. Every card against the one dealt (names as typed: 10h, A\u2660 and AH are one card).
suits = {"\u2660": "S", "\u2664": "S", "\u2665": "H", "\u2661": "H", "\u2666": "D", "\u2662": "D", "\u2663": "C", "\u2667": "C"}


def canonical(name):
    card = name[:-1] if name[-1] in "\ufe0e\ufe0f" else name
    rank = card[:-1].upper()
    return ("T" if rank == "10" else rank) + suits.get(card[-1], card[-1].upper())


differences = ["commitment"] if commitment_differs else []
for i, card in enumerate(cards):
    dealt = canonical(recorded[i]) if recorded is not None and i < len(recorded) else None
    if dealt is not None and dealt != card:
        differences.append(str(i + 1))
    note = "" if dealt is None else " as dealt" if dealt == card else " DIFFERS, dealt " + dealt
    print("card " + str(i + 1) + ": " + card + note)
if recorded_cut is not None and recorded_cut != cut:
    differences.append("cut")

# 7. The verdict: mismatch (and the first difference), match, or computed (nothing dealt to compare).
played = (recorded is not None and len(recorded) > 0) or recorded_cut is not None
if differences:
    print("mismatch " + differences[0])
else:
    print("match" if played else "computed")
