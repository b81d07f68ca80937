#!/usr/bin/env bash
# A manual trial (root, Linux, Debian's postgresql and nginx): two holdem processes
# in two network namespaces ("machines") joined to the host by veth pairs,
# PostgreSQL and the nginx front door on the host; then machine a's network is
# cut (its packets dropped), restored, and the chips checked. Run:
#   sudo deploy/trials/netns.sh   (prints each step and its time; cleans up)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PGB=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")
T=/tmp/holdem-netns; rm -rf $T; mkdir -p $T; chown postgres $T
cleanup() {
  set +e
  for n in 1 2; do ip netns pids hm$n 2>/dev/null | xargs -r kill -9; ip netns del hm$n 2>/dev/null; ip link del vh$n 2>/dev/null; done
  [ -f $T/nginx/nginx.pid ] && kill "$(cat $T/nginx/nginx.pid)"
  su postgres -c "$PGB/pg_ctl -D $T/pg -m immediate stop" >/dev/null 2>&1
}
trap cleanup EXIT
for n in 1 2; do
  ip netns add hm$n
  ip link add vh$n type veth peer name vm$n
  ip link set vm$n netns hm$n
  ip addr add 10.77.$n.1/24 dev vh$n; ip link set vh$n up
  ip netns exec hm$n ip addr add 10.77.$n.2/24 dev vm$n
  ip netns exec hm$n ip link set vm$n up
  ip netns exec hm$n ip link set lo up
  ip netns exec hm$n ip route add default via 10.77.$n.1
done
su postgres -c "$PGB/initdb -D $T/pg -A trust -U postgres" >/dev/null
echo "host all all 10.77.0.0/16 trust" >> $T/pg/pg_hba.conf
su postgres -c "$PGB/pg_ctl -D $T/pg -l $T/pg.log -w -o \"-p 55499 -k $T -h '127.0.0.1,10.77.1.1,10.77.2.1'\" start" >/dev/null
su postgres -c "$PGB/createdb -h 127.0.0.1 -p 55499 holdem"
for n in 1 2; do
  name=$([ $n = 1 ] && echo a || echo b)
  ip netns exec hm$n $ROOT/.venv/bin/holdem serve --host 10.77.$n.2 --port 8001 \
    --database-url postgresql://postgres@10.77.$n.1:55499/holdem --name $name \
    --advertise /node/$name --trusted-proxy 10.77.$n.1 --bot-seconds 0.05 \
    --hand-pause-seconds 0.3 > $T/serve-$name.log 2>&1 &
done
mkdir -p $T/nginx/temp && chmod 777 $T/nginx/temp
sed -e 's/127.0.0.1:8000/127.0.0.1:8199/' -e 's/127.0.0.1:8001/10.77.1.2:8001/' \
    -e 's/127.0.0.1:8002/10.77.2.2:8001/' -e '/127.0.0.1:8003/d' -e '/holdem_node_c/d' \
    $ROOT/deploy/nginx/holdem.conf > $T/nginx/holdem.conf
cat > $T/nginx/nginx.conf <<CONF
pid $T/nginx/nginx.pid;
error_log $T/nginx/error.log;
events { worker_connections 256; }
http { access_log $T/nginx/access.log; client_body_temp_path $T/nginx/temp/b; proxy_temp_path $T/nginx/temp/p;
  fastcgi_temp_path $T/nginx/temp/f; uwsgi_temp_path $T/nginx/temp/u; scgi_temp_path $T/nginx/temp/s;
  include $T/nginx/holdem.conf; }
CONF
nginx -p $T/nginx -c $T/nginx/nginx.conf
for i in $(seq 100); do curl -sf http://127.0.0.1:8199/api/health >/dev/null && curl -sf http://10.77.2.2:8001/api/health > /dev/null && break; sleep 0.3; done
echo "room up: $(curl -s http://127.0.0.1:8199/api/health)"
$ROOT/.venv/bin/python $ROOT/deploy/trials/netns_client.py http://127.0.0.1:8199 postgresql://postgres@127.0.0.1:55499/holdem
