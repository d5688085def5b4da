#!/bin/bash
# Compares the render cost of home and the order page between two production builds, back to
# back on the same machine: server CPU time per request (utime+stime of the server's process
# group, which a busy shared machine disturbs far less than requests per second), then
# requests per second (autocannon, 10 connections, 10 s), three rounds each, interleaved.
# Usage: scripts/compare-render-cost.sh <before-dir> <after-dir>   (each a checkout with `npm run build` done)
#   BENCH_PORT (default 3700; uses it and the next port), N requests per CPU round (default 400).
# Servers run as `npm start` with PAGE_CACHE_SECONDS=0 and RATE_LIMIT_DISABLED=1. Figures: docs/performance.md.
set -u
before_dir=$(cd "$1" && pwd); after_dir=$(cd "$2" && pwd)
port=${BENCH_PORT:-3700}; N=${N:-400}
work=$(mktemp -d); here=$(cd "$(dirname "$0")/.." && pwd)
autocannon="$here/node_modules/.bin/autocannon"
start() { # dir port name
  mkdir -p "$work/$3"
  (cd "$1" || exit 1
    PORT=$2 HOST=127.0.0.1 NODE_ENV=production SITE_URL=http://127.0.0.1:$2 PAGE_CACHE_SECONDS=0 RATE_LIMIT_DISABLED=1 \
    DATABASE_PATH="$work/$3/db.sqlite" MAIL_DIR="$work/$3/mail" setsid npm start </dev/null >"$work/$3/server.log" 2>&1 & echo $! >"$work/$3/pid")
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$2/robots.txt" >/dev/null && return; sleep 0.5; done
  echo "$3 server did not start" >&2; exit 1
}
ticks() { local t=0 s; for p in $(ps -o pid= -g "$1"); do s=($(sed 's/.*) //' /proc/$p/stat 2>/dev/null)); t=$((t + ${s[11]:-0} + ${s[12]:-0})); done; echo $t; }
stop() { for n in before after; do [ -f "$work/$n/pid" ] && kill -- -"$(cat "$work/$n/pid")" 2>/dev/null; done; }
trap stop EXIT
start "$before_dir" "$port" before
start "$after_dir" $((port + 1)) after
portOf() { [ "$1" = before ] && echo "$port" || echo $((port + 1)); }
hz=$(getconf CLK_TCK)
for url in / /zamowienie-oswiadczenia; do for n in before after; do "$autocannon" -c 4 -a 200 "http://127.0.0.1:$(portOf $n)$url" >/dev/null 2>&1; done; done
for round in 1 2 3; do
  for url in / /zamowienie-oswiadczenia; do
    for n in before after; do
      group=$(cat "$work/$n/pid"); a=$(ticks "$group")
      "$autocannon" -c 4 -a "$N" "http://127.0.0.1:$(portOf $n)$url" >/dev/null 2>&1
      b=$(ticks "$group")
      echo "round $round  $n  $url  CPU ms/request $(echo "scale=2; ($b - $a) * 1000 / $hz / $N" | bc)"
    done
  done
done
for round in 1 2 3; do
  for url in / /zamowienie-oswiadczenia; do
    for n in before after; do
      rate=$("$autocannon" -c 10 -d 10 -j "http://127.0.0.1:$(portOf $n)$url" 2>/dev/null | node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const r=JSON.parse(s);console.log(`${r.requests.average} req/s, p50 ${r.latency.p50} ms, non-2xx ${r.non2xx}, errors ${r.errors}`)})')
      echo "round $round  $n  $url  $rate"
    done
  done
done
