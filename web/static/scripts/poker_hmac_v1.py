# Checks one committed poker deck (scheme poker_hmac_v1) without the pfcheck page.
# Save as check.py and run: python3 check.py  (Python 3, hashlib and hmac only)
import hashlib
import hmac

# The hand, as the page read it (None: not given).
table = @table@
session = @session@
hand = @hand@
root = @root@  # the deck commitment, before the deal
proofs = @proofs@  # the cards you were given: position, card, salt, path
server_seed = @serverSeed@  # published when the session rotated
hand_commitment = @handCommitment@
seats = @seats@  # seat: client seed
deck = @deck@  # the whole deck as published


def sha256(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def mac(key, text):
    return hmac.new(key.encode("utf-8"), text.encode("utf-8"), hashlib.sha256).hexdigest()


def node(left, right):
    return sha256("pk1:node:" + left + right)


differences = []
later = []  # each kind in its order: deck, root, proofs, proofCards
cards = None

if server_seed is not None:
    # 1. The hand value and its commitment, stored before the deal.
    hand_value = mac(server_seed, "pk1:hand:" + table + ":" + session + ":" + str(hand))
    computed_commitment = sha256(hand_value)
    if hand_commitment is not None and computed_commitment != hand_commitment.lower():
        differences.append("commitment")
    if hand_commitment is None:
        print("hand commitment " + computed_commitment)
    else:
        print("hand commitment " + computed_commitment + (" DIFFERS from " + hand_commitment if differences else " matches"))

    # 2. The deck: Fisher-Yates from the top over a stream of 52-bit words of
    # HMAC(handValue, "pk1:" + T + ":" + S + ":" + n + ":" + seats + ":" + k), seats ascending.
    seat_list = ",".join(s + "=" + seats[s] for s in sorted(seats, key=int))
    counter = [0]

    def below(n):
        limit = (1 << 52) - (1 << 52) % n
        while True:
            w = int(mac(hand_value, "pk1:" + table + ":" + session + ":" + str(hand) + ":" + seat_list + ":" + str(counter[0]))[:13], 16)
            counter[0] += 1
            if w < limit:
                return w % n

    ids = list(range(52))
    for i in range(51, 0, -1):
        j = below(i + 1)
        ids[i], ids[j] = ids[j], ids[i]
    cards = ["23456789TJQKA"[i % 13] + "cdhs"[i // 13] for i in ids]
    for i, card in enumerate(cards):
        same = deck is None or deck[i] == card
        if not same:
            differences.append("deck " + str(i + 1))
        print("position " + str(i) + ": " + card + ("" if deck is None else " as published" if same else " DIFFERS, published " + deck[i]))

    # 3. The root: 64 leaves (52..63 padding), each parent SHA-256("pk1:node:" + left + right).
    level = [sha256("pk1:leaf:" + str(i) + ":" + card + ":" + mac(hand_value, "pk1:salt:" + str(i))) for i, card in enumerate(cards)]
    level += [sha256("pk1:pad")] * (64 - len(level))
    while len(level) > 1:
        level = [node(level[i], level[i + 1]) for i in range(0, len(level), 2)]
    if level[0] != root.lower():
        differences.append("root 1")
    print("root " + level[0] + (" matches" if level[0] == root.lower() else " DIFFERS from " + root))

# 4. Each proof: its leaf, then the 6 siblings from the leaf level up, to the root.
for p, proof in enumerate(proofs or []):
    position = proof["position"]
    digest = sha256("pk1:leaf:" + str(position) + ":" + proof["card"] + ":" + proof["salt"].lower())
    for level, sibling in enumerate(proof["path"]):
        if (position >> level) % 2 == 0:
            digest = node(digest, sibling.lower())
        else:
            digest = node(sibling.lower(), digest)
    holds = digest == root.lower()
    if not holds:
        differences.append("proofs " + str(p + 1))
    where = "proof " + str(p + 1) + ", position " + str(position) + ", " + proof["card"]
    print(where + (": leads to the root" if holds else ": leads to " + digest + ", NOT the root"))
    if cards is not None and cards[position] != proof["card"]:
        later.append("proofCards " + str(p + 1))

# 5. The verdict: mismatch (and the first difference) or match.
differences += later
print("mismatch " + differences[0] if differences else "match")
