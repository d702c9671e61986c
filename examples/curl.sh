#!/bin/sh
# Hupai from the shell with curl — one function per operation.
#
#   examples/curl.sh [-u URL] OPERATION [VARIANT] < body.json   # prints {"status":..,"body":..}
#   examples/curl.sh [-u URL] demo                              # calls every operation
#
# OPERATION: variants, variant, win, waits, fan, discards, birds, kong, claims, qishou,
# jing, jing-settlement, settle, advice, dingque, exchange, batch. HUPAI_URL (default http://127.0.0.1:8000) and HUPAI_API_KEY (sent as
# "Authorization: Bearer ...") come from the environment. Needs curl only.
set -eu

URL=${HUPAI_URL:-http://127.0.0.1:8000}
if [ "${1:-}" = "-u" ]; then URL=$2; shift 2; fi

# hcurl ARGS...: curl with the API key when one is set
hcurl() {
    if [ -n "${HUPAI_API_KEY:-}" ]; then
        curl -sS -H "Authorization: Bearer $HUPAI_API_KEY" "$@"
    else
        curl -sS "$@"
    fi
}

# call METHOD PATH [BODY-FILE]: prints {"status": CODE, "body": JSON}
call() {
    out=$(mktemp)
    if [ -n "${3:-}" ]; then
        code=$(hcurl -o "$out" -w '%{http_code}' -X "$1" -H 'Content-Type: application/json' \
            --data-binary "@$3" "$URL$2")
    else
        code=$(hcurl -o "$out" -w '%{http_code}' -X "$1" "$URL$2")
    fi
    printf '{"status":%s,"body":%s}\n' "$code" "$(cat "$out")"
    rm -f "$out"
}

variants()        { call GET /v1/variants; }
variant()         { call GET "/v1/variants/$1"; }
win()             { call POST "/v1/$1/win" "$2"; }
waits()           { call POST "/v1/$1/waits" "$2"; }
fan()             { call POST "/v1/$1/fan" "$2"; }
discards()        { call POST "/v1/$1/discards" "$2"; }
birds()           { call POST "/v1/$1/birds" "$2"; }          # changsha birds, hongzhong codes
kong()            { call POST "/v1/$1/kong" "$2"; }
claims()          { call POST "/v1/$1/claims" "$2"; }
qishou()          { call POST "/v1/${1:-changsha}/qishou" "$2"; }
jing()            { call POST "/v1/${1:-nanchang}/jing" "$2"; }
jing_settlement() { call POST "/v1/${1:-nanchang}/jing-settlement" "$2"; }
settle()          { call POST "/v1/${1:-sichuan}/settle" "$2"; }
advice()          { call POST "/v1/$1/advice" "$2"; }
dingque()         { call POST "/v1/${1:-sichuan}/dingque" "$2"; }
exchange()        { call POST "/v1/${1:-sichuan}/exchange" "$2"; }
batch()           { call POST /v1/batch "$1"; }

# demo: one call per operation with a sample body; fails if any answer is not 200
demo() {
    dir=$(mktemp -d)
    hand=123m456m789m55p23p
    printf '{"hand":"%s","win_tile":"4p"}' $hand >"$dir/win"
    printf '{"hand":"%s"}' $hand >"$dir/waits"
    printf '{"hand":"%s","win_tile":"4p","context":{"win_type":"self_draw","seats":{"dealer":0,"winner":0}}}' $hand >"$dir/fan"
    printf '{"hand":"%s9p"}' $hand >"$dir/discards"
    printf '{"hand":"%s","win_tile":"4p","context":{"win_type":"self_draw","seats":{"dealer":0,"winner":0},"birds":"1m5p"}}' $hand >"$dir/birds-changsha"
    printf '{"hand":"%s","win_tile":"4p","context":{"win_type":"self_draw","seats":{"dealer":0,"winner":0},"codes":"1m5p"}}' $hand >"$dir/birds-hongzhong"
    printf '{"context":{"kong":{"type":"concealed","tile":"5m"},"seats":{"konger":1}}}' >"$dir/kong"
    printf '{"hand":"111m222p345s6789s"}' >"$dir/qishou"
    printf '{"hand":"%s","tile":"4p","context":{"source":"discard_left"}}' $hand >"$dir/claims"
    printf '{"context":{"indicator":"5m"}}' >"$dir/jing"
    printf '{"context":{"holdings":[{"zheng":1,"fu":0},{"zheng":0,"fu":2},{"zheng":0,"fu":0},{"zheng":0,"fu":0}]}}' >"$dir/jing-settlement"
    printf '{"record":{"dealer":0,"events":[{"type":"kong","seat":2,"kong":{"type":"concealed","tile":"9m"}},{"type":"win","from":2,"win_tile":"5s","context":{"after_kong":true},"winners":[{"seat":1,"hand":"345p678p345s67s88s"}]}]}}' >"$dir/settle"
    printf '{"record":{"dealer":0,"events":[{"type":"qishou","seat":1,"hand":"111m999p2345s678s"},{"type":"win","from":3,"win_tile":"5p","winners":[{"seat":1,"hand":"11m33m77m22p99p66s5p"}],"birds":["3p","2m"]}]}}' >"$dir/settle-changsha"
    printf '{"record":{"dealer":0,"events":[{"type":"kong","seat":2,"kong":{"type":"concealed","tile":"9m"}},{"type":"win","win_tile":"6s","winners":[{"seat":1,"hand":"123m456m789p11s5s7z"}],"codes":["2m","3p"]}]}}' >"$dir/settle-hongzhong"
    printf '{"record":{"dealer":0,"shang_jing":"5m","events":[{"type":"kong","seat":2,"kong":{"type":"concealed","tile":"9m"}},{"type":"chao_zhuang"}]}}' >"$dir/settle-nanchang"
    # the 14 tiles after a draw: each discard's chances within two own draws (rules/advice.md)
    printf '{"hand":"%s9p","context":{"draws_left":2}}' $hand >"$dir/advice"
    printf '{"hand":"159m55p12345678s"}' >"$dir/dingque"    # 定缺 of a dealt hand
    printf '{"hand":"1129m33457p5567s"}' >"$dir/exchange"   # 换三张 of a dealt hand
    printf '{"requests":[{"variant":"sichuan","op":"win","body":%s},{"variant":"sichuan","op":"waits","body":%s}]}' \
        "$(cat "$dir/win")" "$(cat "$dir/waits")" >"$dir/batch"
    failed=0
    check() {  # check LABEL OUTPUT
        status=$(printf '%s' "$2" | sed -n 's/^{"status":\([0-9]*\),.*/\1/p')
        echo "$status $1" >&2
        printf '%s\n' "$2"
        [ "$status" = 200 ] || failed=1
    }
    check "GET /v1/variants" "$(variants)"
    for v in sichuan changsha nanchang hongzhong; do check "GET /v1/variants/$v" "$(variant $v)"; done
    for v in sichuan changsha hongzhong; do
        check "POST /v1/$v/win" "$(win $v "$dir/win")"
        check "POST /v1/$v/waits" "$(waits $v "$dir/waits")"
        check "POST /v1/$v/fan" "$(fan $v "$dir/fan")"
        check "POST /v1/$v/discards" "$(discards $v "$dir/discards")"
        check "POST /v1/$v/claims" "$(claims $v "$dir/claims")"
    done
    # Nanchang evaluations need the round's 精 (wildcards) in the context
    jing='"jing":{"zheng":"5s","fu":"6s"}'
    printf '{"hand":"%s","win_tile":"4p","context":{%s}}' $hand "$jing" >"$dir/nanchang-win"
    printf '{"hand":"%s","context":{%s}}' $hand "$jing" >"$dir/nanchang-waits"
    printf '{"hand":"%s","win_tile":"4p","context":{%s,"win_type":"self_draw","seats":{"dealer":0,"winner":0}}}' \
        $hand "$jing" >"$dir/nanchang-fan"
    printf '{"hand":"%s9p","context":{%s}}' $hand "$jing" >"$dir/nanchang-discards"
    printf '{"context":{%s,"kong":{"type":"concealed","tile":"5m"},"seats":{"konger":1}}}' "$jing" \
        >"$dir/nanchang-kong"
    printf '{"hand":"%s","tile":"4p","context":{%s,"source":"discard_left"}}' $hand "$jing" \
        >"$dir/nanchang-claims"
    check "POST /v1/nanchang/win" "$(win nanchang "$dir/nanchang-win")"
    check "POST /v1/nanchang/waits" "$(waits nanchang "$dir/nanchang-waits")"
    check "POST /v1/nanchang/fan" "$(fan nanchang "$dir/nanchang-fan")"
    check "POST /v1/nanchang/discards" "$(discards nanchang "$dir/nanchang-discards")"
    check "POST /v1/nanchang/kong" "$(kong nanchang "$dir/nanchang-kong")"
    check "POST /v1/nanchang/claims" "$(claims nanchang "$dir/nanchang-claims")"
    printf '{"hand":"%s9p","context":{%s,"draws_left":2}}' $hand "$jing" >"$dir/nanchang-advice"
    check "POST /v1/nanchang/advice" "$(advice nanchang "$dir/nanchang-advice")"
    for v in sichuan changsha hongzhong; do check "POST /v1/$v/advice" "$(advice $v "$dir/advice")"; done
    check "POST /v1/sichuan/dingque" "$(dingque sichuan "$dir/dingque")"
    check "POST /v1/sichuan/exchange" "$(exchange sichuan "$dir/exchange")"
    check "POST /v1/changsha/birds" "$(birds changsha "$dir/birds-changsha")"
    check "POST /v1/hongzhong/birds" "$(birds hongzhong "$dir/birds-hongzhong")"
    for v in sichuan hongzhong; do check "POST /v1/$v/kong" "$(kong $v "$dir/kong")"; done
    check "POST /v1/changsha/qishou" "$(qishou changsha "$dir/qishou")"
    check "POST /v1/nanchang/jing" "$(jing nanchang "$dir/jing")"
    check "POST /v1/nanchang/jing-settlement" "$(jing_settlement nanchang "$dir/jing-settlement")"
    check "POST /v1/sichuan/settle" "$(settle sichuan "$dir/settle")"
    check "POST /v1/changsha/settle" "$(settle changsha "$dir/settle-changsha")"
    check "POST /v1/hongzhong/settle" "$(settle hongzhong "$dir/settle-hongzhong")"
    check "POST /v1/nanchang/settle" "$(settle nanchang "$dir/settle-nanchang")"
    check "POST /v1/batch" "$(batch "$dir/batch")"
    rm -rf "$dir"
    return $failed
}

op=${1:-}
[ -n "$op" ] || { echo "usage: $0 [-u URL] OPERATION [VARIANT] < body.json | demo" >&2; exit 2; }
shift
case $op in
    demo) demo ;;
    variants) variants ;;
    variant) variant "$1" ;;
    batch|win|waits|fan|discards|birds|kong|claims|qishou|jing|jing-settlement|settle|advice|dingque|exchange)
        body=$(mktemp)
        cat >"$body"
        if [ "$op" = batch ]; then batch "$body"
        elif [ "$op" = jing-settlement ]; then jing_settlement "${1:-}" "$body"
        else "$op" "${1:-}" "$body"; fi
        rm -f "$body" ;;
    *) echo "unknown operation: $op" >&2; exit 2 ;;
esac
