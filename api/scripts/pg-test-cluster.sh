#!/usr/bin/env bash
# Throwaway PostgreSQL cluster for the API's pg test path.
#   api/scripts/pg-test-cluster.sh start   -> prints DATABASE_URL=postgres://...
#   api/scripts/pg-test-cluster.sh stop    -> stops it and removes its directory
# Installs Debian's postgresql when initdb is missing; runs the server as an ordinary user (never root).
set -euo pipefail
PORT="${PG_TEST_PORT:-55432}"
STATE="${PG_TEST_STATE:-/tmp/wf-pg-test}"
PGUSER_OS="${PG_TEST_OS_USER:-wfpg}"

find_bin() {
  local name="$1"
  for d in /usr/lib/postgresql/*/bin; do
    if [ -x "$d/$name" ]; then echo "$d/$name"; return 0; fi
  done
  command -v "$name" 2>/dev/null && return 0
  return 1
}

ensure_pg() {
  if ! find_bin initdb >/dev/null; then
    echo "installing postgresql (Debian)..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2 && apt-get install -y -qq postgresql >&2
  fi
}

as_user() {
  if [ "$(id -u)" = "0" ]; then
    id "$PGUSER_OS" >/dev/null 2>&1 || useradd -M -r -s /usr/sbin/nologin "$PGUSER_OS"
    runuser -u "$PGUSER_OS" -- "$@"
  else
    "$@"
  fi
}

start() {
  ensure_pg
  local initdb pg_ctl
  initdb="$(find_bin initdb)"; pg_ctl="$(find_bin pg_ctl)"
  if [ -f "$STATE/data/postmaster.pid" ]; then
    echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"; return 0
  fi
  rm -rf "$STATE"; mkdir -p "$STATE"
  [ "$(id -u)" = "0" ] && { id "$PGUSER_OS" >/dev/null 2>&1 || useradd -M -r -s /usr/sbin/nologin "$PGUSER_OS"; chown "$PGUSER_OS" "$STATE"; }
  as_user "$initdb" -D "$STATE/data" -U postgres -A trust -E UTF8 --no-locale >"$STATE/initdb.log" 2>&1
  as_user "$pg_ctl" -D "$STATE/data" -l "$STATE/server.log" -w \
    -o "-p $PORT -k $STATE -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >&2
  echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
}

stop() {
  local pg_ctl
  if [ -d "$STATE/data" ] && pg_ctl="$(find_bin pg_ctl)"; then
    as_user "$pg_ctl" -D "$STATE/data" -m immediate stop >&2 || true
  fi
  rm -rf "$STATE"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
