"""The client side of deploy/trials/netns.sh: sit, cut machine a, watch b take over."""
import datetime, subprocess, sys, threading, time
import httpx
from websockets.sync.client import connect

door, pg = sys.argv[1], sys.argv[2]
api = httpx.Client(base_url=door, timeout=30)
r = api.post("/api/register", json={"name": "ann", "password": "correct horse battery staple"})
assert r.status_code == 201, r.text
api.post("/api/tables", json={"name": "Far", "bots": 2}).raise_for_status()

seen = {}
bodies = {}
def owners():
    out = {}
    r = api.get("/api/tables")
    seen[r.status_code] = seen.get(r.status_code, 0) + 1
    if r.status_code != 200:
        if r.status_code not in bodies:
            bodies[r.status_code] = (r.text[:200], dict(r.headers))
        return out
    for line in r.json()["tables"]:
        p = line["socket"].split("/")
        out[line["id"]] = p[2] if len(p) > 2 and p[1] == "node" else None
    return out

for _ in range(100):
    o = owners()
    if all(o.values()) and len(o) == 2:
        break
    time.sleep(0.2)
print("owners:", o)
table = next(t for t, n in o.items() if n == "a")
seats = api.get(f"/node/a/api/tables/{table}").json()["seats"]
free = next(i for i, s in enumerate(seats, 1) if not s)
api.post(f"/node/a/api/tables/{table}/sit", json={"seat": free, "buy_in": 200}).raise_for_status()
api.post(f"/node/a/api/tables/{table}/options", json={"check_fold": True}).raise_for_status()
cookie = "; ".join(f"{k}={v}" for k, v in api.cookies.items())

def ended_since(moment):
    r = api.get(f"/api/tables/{table}/hands?limit=50")
    if r.status_code != 200:
        seen["hands", r.status_code] = seen.get(("hands", r.status_code), 0) + 1
        return 0
    hands = r.json()["hands"]
    return sum(1 for h in hands if datetime.datetime.fromisoformat(h["ended_at"]) > moment)

start = datetime.datetime.now(datetime.UTC)
while ended_since(start) < 2:
    time.sleep(0.2)
print("hands dealt by a: ok")
cut_at = datetime.datetime.now(datetime.UTC); t0 = time.monotonic()
subprocess.run(["ip", "link", "set", "vh1", "down"], check=True)
subprocess.run(["ip", "route", "add", "blackhole", "10.77.1.0/24"], check=True)  # packets lost, as on a real network
print("machine a's link cut")
while owners().get(table) != "b":
    time.sleep(0.2)
print(f"table {table} owned by b after {time.monotonic() - t0:.1f} s; lobby answers seen {seen}")

# ann's client reconnects as the page does: the door's /ws, follow 4421
def reconnect():
    url = door.replace("http", "ws") + f"/ws/tables/{table}"
    for _ in range(30):
        try:
            with connect(url, additional_headers={"Cookie": cookie, "Origin": door}) as ws:
                first = ws.recv(timeout=5)
                if '"socket"' in first:
                    url = door.replace("http", "ws") + first.split('"socket": "')[1].split('"')[0]
                    continue
                api.post(f"/node/b/api/tables/{table}/options", json={"check_fold": True})
                while True:
                    ws.recv(timeout=60)
        except Exception:
            time.sleep(0.5)
threading.Thread(target=reconnect, daemon=True).start()
while ended_since(cut_at) == 0:
    time.sleep(0.2)
print(f"table {table} dealt again on b {time.monotonic() - t0:.1f} s after the cut; answers seen {seen}")
subprocess.run(["ip", "route", "del", "blackhole", "10.77.1.0/24"], check=True)
subprocess.run(["ip", "link", "set", "vh1", "up"], check=True)
print("machine a's link back"); print("bodies", bodies)
time.sleep(6)
print(subprocess.run(["grep", "-c", "no longer dealt here", "/tmp/holdem-netns/serve-a.log"], capture_output=True, text=True).stdout.strip(), "'no longer dealt here' lines in a's log")
n = ended_since(cut_at)
time.sleep(3)
print("hands after heal keep coming from b:", ended_since(cut_at) > n, "; owner:", owners().get(table))
check = subprocess.run([sys.executable, "-m", "holdem", "check-chips", "--database-url", pg], capture_output=True, text=True)
print("check-chips:", check.returncode, check.stdout.strip()[-300:])
