#!/usr/bin/env bash
# Restarts the Nido processes behind nginx one at a time, dropping no request, GET or POST (README,
# "Graceful restarts"; record 041). For each process:
#   1. take it out of nginx: `down` on its upstream line, then reload nginx, so no new request goes to it;
#   2. give nginx's old workers SETTLE seconds to pass on what they had already accepted;
#   3. restart it: on SIGTERM it finishes the requests it has, then exits, and starts again;
#   4. wait until its /api/ready answers 200, put it back in nginx and go on to the next.
# A restart without step 1 would refuse connections for a few seconds, which nginx sends on to the
# other process except a POST it had already written to the closing one; and nginx would leave the
# restarted process out for its fail_timeout, so restarting the next one at once left none in service.
#
# Usage: sudo deploy/rolling-restart.sh            every process of the site file's upstream
#        sudo deploy/rolling-restart.sh 3001 3002  these ones, in this order
# Settings (environment):
#   NGINX_SITE     the site file (default /etc/nginx/sites-available/nido.conf)
#   NGINX_RELOAD   the command that reloads nginx (default: nginx -t -q && systemctl reload nginx)
#   RESTART        the command that restarts the process on port {port} (default: systemctl restart nido@{port})
#   SETTLE         seconds between taking a process out and restarting it (default 2)
#   READY_TIMEOUT  seconds a process has to become ready (default 120)
set -euo pipefail

site=${NGINX_SITE:-/etc/nginx/sites-available/nido.conf}
reload=${NGINX_RELOAD:-"nginx -t -q && systemctl reload nginx"}
restart=${RESTART:-"systemctl restart nido@{port}"}
settle=${SETTLE:-2}
ready_timeout=${READY_TIMEOUT:-120}

[ -w "$site" ] || { echo "rolling-restart: cannot write the site file $site (NGINX_SITE)" >&2; exit 1; }
mapfile -t upstream < <(sed -nE 's/^[[:space:]]*server 127\.0\.0\.1:([0-9]+)[[:space:]].*/\1/p' "$site")
if [ ${#upstream[@]} -lt 2 ]; then
  echo "rolling-restart: $site names ${#upstream[@]} process(es); with fewer than two a restart takes the site down" >&2
  exit 1
fi
ports=("$@")
[ ${#ports[@]} -gt 0 ] || ports=("${upstream[@]}")

log() { echo "rolling-restart: $*" >&2; }

# Marks the upstream line of port $1 `down` or not ($2: down | up), then reloads nginx.
mark() {
  local line="^([[:space:]]*server 127\\.0\\.0\\.1:$1[[:space:]][^;]*)"
  sed -i -E "s/${line} down;/\\1;/" "$site" # never twice
  if [ "$2" = down ]; then sed -i -E "s/${line};/\\1 down;/" "$site"; fi
  grep -qE "^[[:space:]]*server 127\\.0\\.0\\.1:$1[[:space:]]" "$site" || { log "no upstream line for port $1 in $site"; exit 1; }
  sh -c "$reload"
}

current=
# Whatever happens, a process taken out is put back.
trap '[ -n "$current" ] && mark "$current" up' EXIT

for port in "${ports[@]}"; do
  log "taking $port out of nginx"
  current=$port
  mark "$port" down
  sleep "$settle"
  log "restarting $port"
  sh -c "${restart//\{port\}/$port}"
  deadline=$((SECONDS + ready_timeout))
  until curl -fs -o /dev/null --max-time 2 "http://127.0.0.1:$port/api/ready"; do
    if [ $SECONDS -ge $deadline ]; then
      log "$port is not ready after ${ready_timeout}s: left out of nginx, stopping here"
      current=
      exit 1
    fi
    sleep 0.5
  done
  log "$port is ready: back in nginx"
  mark "$port" up
  current=
done
log "done: ${ports[*]}"
