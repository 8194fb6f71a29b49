# Checks one table-game match (scheme match_seed_v2) without the pfcheck page.
# Save as check.py and run: python3 check.py  (Python 3, hashlib and hmac only)
import hashlib
import hmac

# The match, as the page read it (None: not given).
game = @game@
match_id = @matchId@
server_seed = @serverSeed@  # text; the HMAC key is its UTF-8 bytes
commitment = @commitment@  # shown before the first card or die
client_seeds = @clientSeeds@  # in seat order
seats = @seats@  # what was played: the seat order,
dice = @dice@  # backgammon: every die in draw order,
deals = @deals@  # tarneeb, trix, bridge: 52 cards per deal,
hands = @hands@  # baloot: per hand the first deal (20 cards) and the second (12),
draws = @draws@  # mahjong: the tiles in draw order

# 1. The commitment: SHA-256 of the server seed text.
computed_commitment = hashlib.sha256(server_seed.encode("utf-8")).hexdigest()
differences = ["commitment"] if commitment is not None and computed_commitment != commitment.lower() else []
if commitment is None:
    print("commitment " + computed_commitment)
else:
    print("commitment " + computed_commitment + (" DIFFERS from " + commitment if differences else " matches"))

# 2. The draw stream: one counter k per match; a word is the first 13 hex
# digits (52 bits) of HMAC(server seed, "pf2:" + game + ":" + matchId + ":" + seeds + ":" + k).
seed_list = ",".join(str(i) + "=" + s for i, s in enumerate(client_seeds))
counter = [0]


def next_word():
    message = "pf2:" + game + ":" + match_id + ":" + seed_list + ":" + str(counter[0])
    counter[0] += 1
    return int(hmac.new(server_seed.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).hexdigest()[:13], 16)


# 3. A whole number below n, no modulo bias; die; Fisher-Yates from the top.
SPAN = 1 << 52


def below(n):
    limit = SPAN - SPAN % n
    while True:
        w = next_word()
        if w < limit:
            return w % n


def die():
    return below(6) + 1


def shuffle(a):
    a = list(a)
    for i in range(len(a) - 1, 0, -1):
        j = below(i + 1)
        a[i], a[j] = a[j], a[i]
    return a


def card52(i):
    return "23456789TJQKA"[i % 13] + "cdhs"[i // 13]


def card32(i):
    return "789TJQKA"[i % 8] + "cdhs"[i // 8]


# Compares computed values with played ones (kind: seats, dice, deals, hands, draws; n from 1).
def compare(kind, computed, played, offset=0):
    for i, value in enumerate(computed):
        where = kind + " " + str(offset + i + 1)
        same = str(value) == str(played[i])
        if not same:
            differences.append(where)
        print(where + ": " + str(value) + (" as played" if same else " DIFFERS, played " + str(played[i])))


# 4. Every game first draws its seat order, then what the game draws.
seat_order = shuffle([0, 1])
if seats is not None:
    compare("seats", seat_order, seats)
else:
    print("seats " + ", ".join(map(str, seat_order)))
if game == "backgammon" and dice is not None:
    compare("dice", [die() for _ in dice], dice)
if game in ("tarneeb", "trix", "bridge") and deals is not None:
    for d, deal in enumerate(deals):
        compare("deals", [card52(i) for i in shuffle(range(52))], deal, 52 * d)
if game == "baloot" and hands is not None:
    for h, hand in enumerate(hands):
        d = shuffle(range(32))
        compare("hands", [card32(i) for i in d[:20]], hand["first"], 32 * h)
        compare("hands", [card32(i) for i in shuffle(d[20:])], hand["second"], 32 * h + 20)
if game == "mahjong" and draws is not None:
    # The wall in its fixed order: 1m..9m, 1p..9p, 1s..9s, 1z..7z four times each, then 1f..8f.
    wall = [str(r) + suit for suit in "mpsz" for r in range(1, 8 if suit == "z" else 10) for _ in range(4)]
    wall += [str(r) + "f" for r in range(1, 9)]
    compare("draws", [wall.pop(below(len(wall))) for _ in draws], draws)

# 5. The verdict: mismatch (and the first difference), match, or computed (nothing played to compare).
if differences:
    print("mismatch " + differences[0])
else:
    print("match" if any(x for x in (seats, dice, deals, hands, draws)) else "computed")
