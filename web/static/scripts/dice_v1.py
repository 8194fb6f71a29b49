# Checks one nard match (scheme dice_v1) without the pfcheck page.
# Save as check.py and run: python3 check.py  (Python 3, hashlib and hmac only)
import hashlib
import hmac

# The match, as the page read it (None: not given).
server_seed = @serverSeed@  # hex; the HMAC key is its bytes
seal = @seal@  # published before the match
client_seeds = @clientSeeds@  # in seat order
recorded = @rolls@  # the rolls that were played, "63" = 6 then 3
games = @games@  # rolls per game
count = @count@
if count is None:
    count = len(recorded) if recorded is not None else sum(games)

# 1. The seal: SHA-256 of the seed's bytes.
key = bytes.fromhex(server_seed)
computed_seal = hashlib.sha256(key).hexdigest()
if seal is None:
    print("seal " + computed_seal)
else:
    print("seal " + computed_seal + (" matches" if computed_seal == seal.lower() else " DIFFERS from " + seal))
differences = ["seal"] if seal is not None and computed_seal != seal.lower() else []


# 2. Roll n: HMAC(seed bytes, seeds joined by ":" + "+" t times + ":" + n);
# the first byte below 252 of the first t that has one, v = byte mod 36.
def roll(n):
    t = 0
    while True:
        message = ":".join(client_seeds) + "+" * t + ":" + str(n)
        mac = hmac.new(key, message.encode("utf-8"), hashlib.sha256).digest()
        for b in mac:
            if b < 252:
                return str((b % 36) // 6 + 1) + str((b % 36) % 6 + 1)
        t += 1


# 3. Every roll, numbered from 1 over the whole match, against the one played.
game = 1
left = games[0] if games is not None else count
for n in range(1, count + 1):
    if left == 0:
        left = games[game]
        game += 1
    left -= 1
    dice = roll(n)
    played = recorded[n - 1] if recorded is not None else None
    if played is not None and played != dice:
        differences.append(str(n))
    note = "" if played is None else " as played" if played == dice else " DIFFERS, played " + played[0] + "-" + played[1]
    print("game " + str(game) + " roll " + str(n) + ": " + dice[0] + "-" + dice[1] + note)

# 4. The verdict: mismatch (and the first difference), match, or computed (no rolls to compare).
if differences:
    print("mismatch " + differences[0])
else:
    print("match" if recorded is not None else "computed")
