# Checks who plays White (scheme chess_colour_v1) without the pfcheck page.
# Save as check.py and run: python3 check.py  (Python 3, hashlib and hmac only)
import hashlib
import hmac

# The game, as the page read it (None: not given). A owns the seek or challenge.
seed_a = @seedA@
commit_a = @commitA@  # shown before the seek
client_a = @clientA@
seed_b = @seedB@  # none: B is a bot
commit_b = @commitB@
client_b = @clientB@ or ""  # a bot's is empty
colour_a = @colourA@  # the colour A played


# 1. The commitments: SHA-256 of each seed text.
def sha256(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


differences = []
computed_a = sha256(seed_a)
if commit_a is not None and computed_a != commit_a.lower():
    differences.append("commitment")
print("commitment A " + computed_a + ("" if commit_a is None else " DIFFERS from " + commit_a if "commitment" in differences else " matches"))
computed_b = None if seed_b is None else sha256(seed_b)
if seed_b is not None:
    if commit_b is not None and computed_b != commit_b.lower():
        differences.append("commitmentB")
    print("commitment B " + computed_b + ("" if commit_b is None else " DIFFERS from " + commit_b if "commitmentB" in differences else " matches"))


# 2. m(k) = "cc1:" + commitA + ":" + (commitB or "-") + ":0=" + clientA + ",1=" + clientB + ":" + k;
# w = word(seedA, m(k)) XOR word(seedB, m(k)), a word the first 52 bits of the HMAC.
def word(key, msg):
    return int(hmac.new(key.encode("utf-8"), msg.encode("utf-8"), hashlib.sha256).hexdigest()[:13], 16)


counter = [0]


def next_word():
    m = "cc1:" + computed_a + ":" + (computed_b or "-") + ":0=" + client_a + ",1=" + client_b + ":" + str(counter[0])
    counter[0] += 1
    return word(seed_a, m) if seed_b is None else word(seed_a, m) ^ word(seed_b, m)


def below(n):
    limit = (1 << 52) - (1 << 52) % n
    while True:
        w = next_word()
        if w < limit:
            return w % n


# 3. int(2): 0 means A plays White.
colour = "white" if below(2) == 0 else "black"
if colour_a is not None and colour_a != colour:
    differences.append("colour 1")
print("A plays " + colour + ("" if colour_a is None else ", as played" if colour_a == colour else ", DIFFERS: A played " + colour_a))

# 4. The verdict: mismatch (and the first difference), match, or computed (no colour to compare).
if differences:
    print("mismatch " + differences[0])
else:
    print("match" if colour_a is not None else "computed")
