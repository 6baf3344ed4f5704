#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests, on 127.0.0.1 only, in a temporary folder.
#
#   tools/pg.sh start          prints shell lines to eval: DIPGM_TEST_POSTGRES_URL, DIPGM_PG_DIR
#   tools/pg.sh stop [DIR]     stops the server started in DIR (default: $DIPGM_PG_DIR), deletes DIR
#   tools/pg.sh run -- CMD...  starts one, runs CMD with DIPGM_TEST_POSTGRES_URL set, stops it,
#                              exits with CMD's status. Without PostgreSQL CMD still runs (its
#                              PostgreSQL tests then skip) after a loud warning.
#
# Exit status 3 means "PostgreSQL cannot be had on this machine" (not installed, and
# installing it failed or is not possible here).
set -euo pipefail

UNAVAILABLE=3
DB_NAME=dipgm
DB_USER=dipgm
MARKER=.dipgm-throwaway-postgres

say() { printf '%s\n' "$*" >&2; }

loud() {
    say ""
    say "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
    say "!!  tools/pg.sh: $*"
    say "!!  PostgreSQL tests will be SKIPPED; only SQLite is tested on this machine."
    say "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
    say ""
}

# The folder holding initdb and pg_ctl: PATH first, then Debian's versioned folders.
find_bindir() {
    local initdb
    initdb=$(command -v initdb 2>/dev/null || true)
    if [[ -n $initdb ]] && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(readlink -f "$initdb")"
        return 0
    fi
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [[ -x $dir/initdb && -x $dir/pg_ctl ]]; then
            printf '%s\n' "$dir"
            return 0
        fi
    done
    return 1
}

install_postgres() {
    if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
        return 1
    fi
    say "tools/pg.sh: PostgreSQL is not installed; installing Debian's postgresql package..."
    # Debian would otherwise create and start a system-wide cluster on port 5432.
    if [[ ! -e /etc/postgresql-common/createcluster.conf ]]; then
        mkdir -p /etc/postgresql-common
        printf 'create_main_cluster = false\n' >/etc/postgresql-common/createcluster.conf
    fi
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || return 1
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >&2 \
        || return 1
}

# initdb refuses to run as root: as root, run the server as an unprivileged user.
server_user() {
    if [[ $(id -u) -ne 0 ]]; then
        id -un
    elif id postgres >/dev/null 2>&1; then
        printf 'postgres\n'
    else
        id dipgm-pg >/dev/null 2>&1 \
            || useradd --system --no-create-home --shell /usr/sbin/nologin dipgm-pg >&2
        printf 'dipgm-pg\n'
    fi
}

as_server_user() {
    local user=$1
    shift
    if [[ $(id -u) -ne 0 ]]; then
        "$@"
    else
        # From /, which every user may enter (the caller's folder may be root's own).
        (cd / && runuser -u "$user" -- "$@")
    fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
    local bindir
    if ! bindir=$(find_bindir); then
        if ! install_postgres || ! bindir=$(find_bindir); then
            loud "PostgreSQL is not installed and could not be installed (needs root and apt-get)."
            return $UNAVAILABLE
        fi
    fi
    local user dir port attempt
    user=$(server_user)
    dir=$(mktemp -d "${TMPDIR:-/tmp}/dipgm-pg.XXXXXX")
    touch "$dir/$MARKER"
    chmod 755 "$dir"
    if [[ $(id -u) -eq 0 ]]; then
        chown "$user" "$dir"
    fi
    if ! as_server_user "$user" "$bindir/initdb" -D "$dir/data" -U "$DB_USER" --auth=trust \
        --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1; then
        say "tools/pg.sh: initdb failed:"
        cat "$dir/initdb.log" >&2
        rm -rf "$dir"
        return 1
    fi
    for attempt in 1 2 3; do
        port=$(free_port)
        # Durability is pointless for a database that is deleted after the run.
        if as_server_user "$user" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
            -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
            start >/dev/null 2>&1; then
            break
        fi
        port=""
    done
    if [[ -z $port ]]; then
        say "tools/pg.sh: the server did not start:"
        cat "$dir/server.log" >&2 || true
        rm -rf "$dir"
        return 1
    fi
    printf '%s\n' "$bindir" >"$dir/bindir"
    printf '%s\n' "$user" >"$dir/user"
    if ! "$bindir/createdb" -h 127.0.0.1 -p "$port" -U "$DB_USER" "$DB_NAME"; then
        stop "$dir"
        return 1
    fi
    local url="postgresql+asyncpg://$DB_USER@127.0.0.1:$port/$DB_NAME"
    printf 'export DIPGM_TEST_POSTGRES_URL=%q\n' "$url"
    printf 'export DIPGM_PG_DIR=%q\n' "$dir"
    say "tools/pg.sh: PostgreSQL on 127.0.0.1:$port ($dir); stop it with: tools/pg.sh stop $dir"
}

stop() {
    local dir=${1:-${DIPGM_PG_DIR:-}}
    if [[ -z $dir ]]; then
        say "tools/pg.sh stop: which server? give its folder or set DIPGM_PG_DIR"
        return 2
    fi
    if [[ ! -e $dir/$MARKER ]]; then
        say "tools/pg.sh stop: $dir is not a folder made by tools/pg.sh start; left alone"
        return 2
    fi
    local bindir user
    bindir=$(cat "$dir/bindir" 2>/dev/null || true)
    user=$(cat "$dir/user" 2>/dev/null || true)
    if [[ -n $bindir && -d $dir/data ]]; then
        as_server_user "$user" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 \
            || true
    fi
    rm -rf "$dir"
}

run() {
    [[ ${1:-} == -- ]] && shift
    if [[ $# -eq 0 ]]; then
        say "usage: tools/pg.sh run -- COMMAND [ARG...]"
        return 2
    fi
    local lines status=0
    lines=$(start) || status=$?
    if [[ $status -ne 0 ]]; then
        if [[ $status -ne $UNAVAILABLE ]]; then
            loud "PostgreSQL failed to start (status $status)."
        fi
        "$@"
        return
    fi
    eval "$lines"
    trap 'stop "$DIPGM_PG_DIR"' EXIT
    "$@" || status=$?
    return $status
}

case ${1:-} in
start) start ;;
stop) stop "${2:-}" ;;
run)
    shift
    run "$@"
    ;;
*)
    say "usage: tools/pg.sh start | stop [DIR] | run -- COMMAND [ARG...]"
    exit 2
    ;;
esac
