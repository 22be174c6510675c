#!/bin/sh
# wonders.sh -- command-level tests of `wonders`: every subcommand, the round
# trip play -> record -> score, illegal records, simulation shards, and the
# rulebook's examples (tests/positions) with their exact numbers.
# Usage: sh tests/wonders.sh PATH/TO/wonders   (run from the top)
set -u
W=$1
NAME=wonders
. tests/harness.sh
# The games whose moves a check relies on set out these wonders, named: the
# tile set's own order and size (a pack added in tiles/) must not change them.
SHIPPED=wonders_set1.stonehenge,wonders_set1.notre_dame,wonders_set1.circus_maximus,wonders_set1.alhambra
SHIPPED=$SHIPPED,wonders_set2.abu_simbel,wonders_set2.tikal,wonders_set2.angkor_wat,wonders_set2.terracotta_army
# The tile set's wonders in its order, one a line, as an unknown wonder's message lists them.
expect_exit 2 "an unknown wonder" "$W" play --wonders eiffel_tower
sed -n 's/.*(the wonders: \(.*\))$/\1/p' "$T/out" | tr -d ' ' | tr ',' '\n' > "$T/wonder-ids"

for cmd in play score moves board simulate duel; do
    expect_exit 0 "$cmd --help" "$W" $cmd --help
    expect_out "$cmd --help" "usage: wonders $cmd"
done
expect_exit 2 "no command" "$W"
expect_exit 2 "unknown command" "$W" dance
expect_exit 2 "bad option" "$W" play --players 9
expect_exit 2 "bad seats" "$W" play --players 2 --seats greedy,clever
expect_exit 2 "simulate without games" "$W" simulate
expect_exit 2 "bad shard" "$W" simulate --games 10 --shard 2/2
for shard in -1/4 x/4 1/ /4 2/3x 99999999999/2 1/99999999999; do
    expect_exit 2 "bad shard $shard" "$W" simulate --games 10 --shard "$shard"
    expect_out "bad shard $shard" "wonders: --shard $shard: expected I/N with 0 <= I < N <= 1000000"
done

# a full disk under standard output is an I/O failure, and --record is then not written
echo "an old record" > "$T/old.yaml"
"$W" play --players 2 --seats random,random --record "$T/old.yaml" > /dev/full 2> "$T/out"
[ $? = 2 ] && grep -q "wonders: cannot write standard output: No space left on device" "$T/out" && ok \
    || bad "play > /dev/full did not fail with a message"
[ "$(cat "$T/old.yaml")" = "an old record" ] && ok || bad "play > /dev/full replaced the record"

# usage errors name the option, the value and what it takes, in one line
for bad in "play --players 9:2 to 6" "play --seed abc:0 to 2147483647" "play --variant 3:1 to 2" \
           "simulate --games 0:1 to 1000000000" "simulate --players 1:2 to 6"; do
    args=${bad%%:*}; range=${bad#*:}
    expect_exit 2 "$args" "$W" $args
    expect_out "$args" "wonders: ${args#* }: expected a whole number from $range"
    [ "$(wc -l < "$T/out")" = 2 ] && ok || bad "$args: more than the one line and the pointer to --help"
    expect_out "$args" "wonders ${args%% *} --help lists the options"
done
# bare tile ids, as wonderc show takes them; packs of wonders are refused as land tiles
expect_exit 0 "--wonders by bare id" "$W" play --quiet --players 2 --wonders stonehenge,tikal --seed 2
expect_exit 2 "--wonders, a land tile" "$W" play --wonders base.D
expect_out "--wonders, a land tile" "--wonders base.D: base.D is a land tile, not a wonder"
expect_exit 2 "--wonders, twice" "$W" play --wonders tikal,wonders_set2.tikal
expect_exit 2 "--wonders, unknown" "$W" play --wonders stonhenge
expect_out "--wonders, unknown" "--wonders: no wonder 'stonhenge'; did you mean 'wonders_set1.stonehenge'?"
expect_exit 2 "--packs with wonders" "$W" simulate --games 5 --packs base,wonders_set1
expect_out "--packs with wonders" "--packs wonders_set1: the pack holds wonder tiles, which are not drawn"
expect_exit 2 "--packs unknown" "$W" simulate --games 5 --packs nope
expect_out "--packs unknown" "--packs: unknown pack 'nope' (base, inns_cathedrals"
# --record into a folder that is not there: said before the game, not after
expect_exit 2 "--record into nowhere" "$W" play --record "$T/none/game.yaml"
expect_out "--record into nowhere" "--record $T/none/game.yaml: cannot write in '$T/none'"
grep -q "^turn" "$T/out" && bad "--record into nowhere: the game was played first" || ok
printf 'format: 1\nsetup:\n  players: [Red, Red]\n' > "$T/twice.yaml"
expect_exit 1 "a player named twice" "$W" score "$T/twice.yaml"
expect_out "a player named twice" "twice.yaml:3:18: error: players: 'Red' is named twice"

# play, record, score: the same game and the same scores
expect_exit 0 "play" "$W" play --players 3 --seed 7 --seats random,greedy,thrifty --wonders 3 --record "$T/game.yaml"
expect_out "play" "3 players (Red random, Blue greedy, Yellow thrifty)"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/play-table"
sed 1,2d "$T/out" > "$T/play-log"
[ -s "$T/play-table" ] && ok || bad "play printed no score table"
# each scoring event once (issue 35): a turn's under it in the log, the final
# scoring's below the table -- as many as the record's replay counts
sed -n '/roads *cities/,$p' "$T/out" | grep -E '^turn +[0-9]+ ' > "$T/again"
[ -s "$T/again" ] && bad "play repeats the turns' events below the table: $(head -1 "$T/again")" || ok
said=$(sed -n '/roads *cities/q;p' "$T/out" | grep '^            ' | grep -vc ' takes ')
finals=$(sed -n '/roads *cities/,$p' "$T/out" | grep -c '^final ')
"$W" score "$T/game.yaml" --format yaml > "$T/events.yaml" 2>&1
events=$(sed -n '/^events:/,$p' "$T/events.yaml" | grep -c '^  *- ')
[ "$events" -gt 0 ] && [ $((said + finals)) = "$events" ] && ok \
    || bad "play said $said events in the log and $finals below the table, the replay scores $events"
expect_exit 0 "play --quiet" "$W" play --players 3 --seed 7 --seats random,greedy,thrifty --wonders 3 --quiet
grep -qE '^(turn +[0-9]+|final) ' "$T/out" && ok || bad "play --quiet lists no event (it prints no log)"
ls "$T" | grep -q tmp && bad "play --record left a temporary file" || ok
grep -q '^[- ] player:' "$T/game.yaml" && bad "a game record names each turn's player (turn order does)" || ok
expect_exit 0 "score the record" "$W" score "$T/game.yaml"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/score-table"
cmp -s "$T/play-table" "$T/score-table" && ok || { bad "score disagrees with play"; diff "$T/play-table" "$T/score-table"; }
# the record names no players, yet its log is the one play printed
expect_exit 0 "score --log" "$W" score "$T/game.yaml" --log
cmp -s "$T/play-log" "$T/out" && ok || { bad "score --log differs from play's log"; diff "$T/play-log" "$T/out" | head; }
# the turn log names each figure: a pig or a builder is no meeple (issue 33)
expect_exit 0 "the log names a pig" "$W" score tests/positions/pig-in-a-lost-field.yaml --log
expect_out "the log names a pig" "base.U at (2, 0) turned 0, pig on f1"
expect_exit 0 "the log names a builder" "$W" score tests/positions/builder-second-tile.yaml --log
expect_out "the log names a builder" "base.U at (2, 0) turned 0, builder on r"
printf 'format: 1\nsetup:\n  players: [Red, Blue]\n  rules: [inns_cathedrals]\nturns:\n%s\n%s\n' \
    '  - {tile: wonders_set1.notre_dame, at: [0, -3], rotation: 0, meeples: [upper, abbey]}' \
    '  - {tile: base.D, at: [0, 1], rotation: 180, meeples: [large r]}' > "$T/two-figures.yaml"
expect_exit 0 "the log names two meeples once" "$W" score "$T/two-figures.yaml" --log
expect_out "the log names two meeples once" "wonders_set1.notre_dame at (0, -3) turned 0, meeple on upper and on abbey"
expect_out "the log names the large meeple" "base.D at (0, 1) turned 180, large meeple on r"
# and every other figure the turn moves, as the record names it: the portal's
# follower, the princess's knight, the fairy, the abbot taken back, a marker
# other than a meeple, the dragon's flight (issue 33: none went unsaid)
expect_exit 0 "the log names the portal's follower" "$W" score tests/positions/portal-meeple-beside-notre-dame.yaml --log
expect_out "the log names the portal's follower" "princess_dragon.R at (-4, 0) turned 0, meeple through the portal on f1 at (-1, 0)"
expect_exit 0 "the log names the princess's knight" "$W" score tests/positions/princess-sends-a-knight-home.yaml --log
expect_out "the log names the princess's knight" "princess_dragon.A at (1, -1) turned 270, the princess sends Red's knight on c at (0, -1) home"
expect_exit 0 "the log names the fairy" "$W" score tests/positions/fairy-beside-a-later-meeple.yaml --log
expect_out "the log names the fairy" "base.B at (-1, 1) turned 0, the fairy beside the follower on m at (0, 1)"
expect_exit 0 "the log names the fairy on a tile" "$W" score tests/positions/fairy-on-tile.yaml --log
expect_out "the log names the fairy on a tile" "base.B at (1, 1) turned 0, the fairy onto the tile at (1, 0)"
expect_exit 0 "the log names the abbot taken back" "$W" score tests/positions/abbot-taken-back-by-blue.yaml --log
expect_out "the log names the abbot taken back" "base.U at (-1, 0) turned 0, the abbot taken back"
expect_exit 0 "the log names the wonder's marker" "$W" score tests/positions/marker-large-meeple.yaml --log
expect_out "the log names the wonder's marker" "wonders_set1.stonehenge at (0, 3) turned 0, meeple on town, the large meeple marking the wonder"
expect_exit 0 "the log names the dragon's flight" "$W" score tests/positions/princess-dragon-game.yaml --log
expect_out "the log names the dragon's flight" "princess_dragon.G at (2, -1) turned 180, meeple on r, the dragon flies 2 squares to (2, 0)"
# the log's moves line up by characters, not bytes: a player named in UTF-8
sed 's/players: \[Red, Blue\]/players: [Zoë, Blue]/' "$T/two-figures.yaml" > "$T/utf8-player.yaml"
expect_exit 0 "the log, a UTF-8 player" "$W" score "$T/utf8-player.yaml" --log
expect_out "the log, a UTF-8 player" "turn   1  Zoë  wonders_set1.notre_dame at (0, -3)"
expect_out "the log, a UTF-8 player" "turn   2  Blue base.D at (0, 1)"
# moves lists each figure's features, the tile's own (a large meeple's option is no feature index)
head -5 "$T/two-figures.yaml" | sed 's/^turns:$/turns: []/' > "$T/no-turns.yaml"
expect_exit 0 "moves with the large meeple" "$W" moves "$T/no-turns.yaml" --tile base.D
expect_out "moves with the large meeple" "at (0, 1)     turned 180  meeple on: c r f1 f2; large meeple on: c r f1 f2"
expect_exit 2 "--log with json" "$W" score "$T/game.yaml" --log --format json
expect_out "--log with json" "wonders: --log goes with the table format, not json"
expect_exit 0 "play again" "$W" play --players 3 --seed 7 --seats random,greedy,thrifty --wonders 3 --record "$T/again.yaml" --quiet
cmp -s "$T/game.yaml" "$T/again.yaml" && ok || bad "the same seed played a different game"
expect_exit 0 "score as json" "$W" score "$T/game.yaml" --format json
expect_out "score as json" '{"players": [{"name": "Red"'
expect_exit 0 "score as yaml" "$W" score "$T/game.yaml" --format yaml
expect_out "score as yaml" "players:"
expect_exit 0 "board" "$W" board "$T/game.yaml"
expect_out "board" "meeples: 1 Red, 2 Blue, 3 Yellow"

# The River: the spring starts the game, the river tiles are drawn first
# and the lake last of them; the record says so and replays the same.
expect_exit 0 "play with the River" "$W" play --packs river,base,inns_cathedrals --seed 5 --record "$T/river.yaml" --quiet
grep -q '^  start: river.spring$' "$T/river.yaml" && ok || bad "a River game's record names no start tile"
river_tiles=$(grep -c '^ *tile [a-z_]* "' tiles/river.tiles)
awk '/pile:/,/^turns:/' "$T/river.yaml" | tr -d ' []' | sed 's/^pile://' | tr ',' '\n' | grep -v '^$' | grep -v turns: > "$T/pile"
head -n "$(($(grep -c '^river\.' "$T/pile")))" "$T/pile" | grep -vc '^river\.' | grep -qx 0 && ok || bad "river tiles are not drawn first"
[ "$(grep '^river\.' "$T/pile" | tail -1)" = river.lake ] && ok || bad "the lake is not the last river tile"
[ "$(grep -c '^river\.' "$T/pile")" -ge 10 ] && [ "$river_tiles" -ge 10 ] && ok || bad "the pile holds too few river tiles"
expect_exit 0 "score the River game" "$W" score "$T/river.yaml"
expect_exit 0 "the River game's board" "$W" board "$T/river.yaml"
expect_out "the River game's board" "~ river"
grep -q '~~' "$T/out" && ok || bad "the board draws no river"
sed 's/^  start: river.spring$/  start: base.D/' "$T/river.yaml" > "$T/river-d.yaml"
expect_exit 1 "a River game started on D" "$W" score "$T/river-d.yaml"
start_line=$(grep -n '^  start:' "$T/river-d.yaml" | cut -d: -f1)
expect_out "a River game started on D" \
    "river-d.yaml:$start_line:10: error: start: a game with the River starts on river.spring, not base.D (\"The spring is the starting tile instead of D\")"
# every rule of the River holds a record as it holds the dealer: the spring
# starts without `start` (the packs or the pile say the River is played),
# the river tiles come first in the pile and the lake last of them, no
# U-turn, no meeple on the river -- each refusal at its line (and turn)
river_record() { # NAME PILE TURN...: a two-player record of the River
    name=$1 pile=$2; shift 2
    { printf 'format: 1\nsetup:\n  players: 2\n  packs: [river, base]\n  pile: [%s]\nturns:\n' "$pile"
      for t in "$@"; do printf -- '- {%s}\n' "$t"; done; } > "$T/$name.yaml"
}
straight='tile: river.straight, at: [1, 0], rotation: 0'
river_record spring-default "river.straight, river.lake, base.U" "$straight"
expect_exit 0 "the spring starts a River record without start" "$W" score "$T/spring-default.yaml" --log
expect_out "the spring starts a River record without start" "river.straight"
grep -v '^  packs:' "$T/spring-default.yaml" > "$T/spring-pile.yaml"
expect_exit 0 "the spring starts a record whose pile holds the River" "$W" score "$T/spring-pile.yaml"
river_record lake-first "river.lake, river.straight, river.curve, base.U" 'tile: river.lake, at: [1, 0], rotation: 0'
expect_exit 1 "the lake before other river tiles" "$W" score "$T/lake-first.yaml"
expect_out "the lake before other river tiles" \
    'lake-first.yaml:5:22: error: pile: river.straight comes after river.lake, which ends the river, but "the lake is placed last"'
river_record land-first "river.straight, base.U, river.lake" "$straight"
expect_exit 1 "a land tile before a river tile" "$W" score "$T/land-first.yaml"
expect_out "a land tile before a river tile" \
    "land-first.yaml:5:34: error: pile: river.lake comes after base.U, but the River's tiles are drawn before all others"
river_record u-turn "river.straight, river.curve, river.curve, river.lake, base.U" "$straight" \
    'tile: river.curve, at: [2, 0], rotation: 0' 'tile: river.curve, at: [2, 1], rotation: 90'
expect_exit 1 "a U-turn of the river" "$W" score "$T/u-turn.yaml"
expect_out "a U-turn of the river" \
    'u-turn.yaml:9:10: error: turn 3: river.curve cannot go at (2, 1) turned 90: a river tile must continue the river, without a U-turn'
river_record on-river "river.straight, river.lake, base.U" "$straight, meeples: [r]"
expect_exit 1 "a meeple on the river" "$W" score "$T/on-river.yaml"
expect_out "a meeple on the river" \
    "on-river.yaml:7:61: error: turn 1: a meeple cannot go on 'r': \"Meeples may not stand on the river\""
grep -v '^  pile:' "$T/on-river.yaml" > "$T/on-river-position.yaml"
expect_exit 1 "a meeple on the river in a position" "$W" score "$T/on-river-position.yaml"
expect_out "a meeple on the river in a position" \
    "on-river-position.yaml:6:61: error: turn 1: a meeple cannot go on 'r': \"Meeples may not stand on the river\""
# two Rivers: a second spring ends a river as the lake does, and is dealt with the lakes
expect_exit 0 "play with two Rivers" "$W" play --packs river,river,base --players 2 --seed 3 --record "$T/rivers.yaml"
expect_exit 0 "score a game of two Rivers" "$W" score "$T/rivers.yaml"
sed 's/^  start: river.spring$/  start: wonders_set1.alhambra/' "$T/river.yaml" > "$T/river-w.yaml"
expect_exit 1 "a wonder as the start tile" "$W" score "$T/river-w.yaml"
expect_out "a wonder as the start tile" "start: 'wonders_set1.alhambra' is not a land tile"

# The expansions' rules: played, recorded (setup rules, figures, recall) and
# replayed to the same scores; a record without them plays as before.
expect_exit 0 "play with the expansions' rules" "$W" play --rules inns_cathedrals,abbot --seats random,random,random \
    --players 3 --seed 2 --record "$T/rules.yaml"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/rules-play"
grep -q '^  rules: \[inns_cathedrals, abbot\]$' "$T/rules.yaml" && ok || bad "the record names no rules"
grep -Eq 'meeples: \[(large|abbot) ' "$T/rules.yaml" && ok || bad "no large meeple or abbot in the record"
grep -q 'recall: true' "$T/rules.yaml" && ok || bad "no abbot was taken back in the record"
expect_exit 0 "replay with the expansions' rules" "$W" score "$T/rules.yaml"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/rules-score"
cmp -s "$T/rules-play" "$T/rules-score" && ok || bad "the replay with rules disagrees with the game"
# The 11/2020 ruling (docs/rules.md, The Abbot): the record that takes the
# abbot back from the monastery its own tile surrounds is refused at that
# turn (the position places a meeple there instead).
P=tests/positions/abbot-not-back-from-a-monastery-its-tile-completes.yaml
grep -q 'at: \[0, 2\], rotation: 0, meeples: \[m\]}' "$P" && ok || bad "$P: no completing turn to change"
sed 's/at: \[0, 2\], rotation: 0, meeples: \[m\]}/at: [0, 2], rotation: 0, recall: true}/' "$P" > "$T/abbot-back.yaml"
expect_exit 1 "the abbot back from its completed monastery" "$W" score "$T/abbot-back.yaml"
expect_out "the abbot back from its completed monastery" "abbot-back.yaml:35:5: error: turn 8: the abbot cannot be taken back: that feature is completed"
expect_exit 2 "an unknown rule" "$W" play --rules inns
expect_out "an unknown rule" "wonders: --rules: unknown rule 'inns' (inns_cathedrals, abbot, traders_builders, princess_dragon, dragon_after_scoring, princess_must, fairy_on_tile, tower, none)"
sed 's/^  rules: .*/  rules: [abbot, abbot]/' "$T/rules.yaml" > "$T/rules2.yaml"
expect_exit 1 "a rule named twice" "$W" score "$T/rules2.yaml"
expect_out "a rule named twice" "rules: 'abbot' is named twice"
grep -v '^  rules:' "$T/rules.yaml" > "$T/norules.yaml"
expect_exit 1 "a record with figures but no rules" "$W" score "$T/norules.yaml"

# Traders & Builders: its tiles and rules played, the builder and the pig
# recorded and replayed to the same scores; an illegal builder refused at
# its line (docs/rules.md, "Traders & Builders").  The wonders are named,
# so that a wonder an author adds to tiles/ changes nothing of this game
# (with every wonder beside the track, it does: no pig was placed in it).
expect_exit 0 "play Traders & Builders" "$W" play --packs base,traders_builders --rules traders_builders \
    --wonders stonehenge,notre_dame --seats random,greedy --players 2 --seed 3 --record "$T/tb.yaml"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/tb-play"
grep -Eq 'meeples: \[builder ' "$T/tb.yaml" && ok || bad "no builder in the record"
grep -Eq 'meeples: \[pig ' "$T/tb.yaml" && ok || bad "no pig in the record"
expect_exit 0 "replay Traders & Builders" "$W" score "$T/tb.yaml"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/tb-score"
cmp -s "$T/tb-play" "$T/tb-score" && ok || bad "the replay of Traders & Builders disagrees with the game"
# Both boxes, their rules and both sets of wonders (issue 24): `play` names
# the wonder packs in --packs, which puts their wonders beside the track;
# the record, with the dragon's steps, replays to the same scores.
expect_exit 0 "play both boxes" "$W" play --packs base,traders_builders,princess_dragon,wonders_set1,wonders_set2 \
    --rules traders_builders,princess_dragon --players 3 --seats random,greedy,planner --record "$T/boxes.yaml"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/boxes-play"
[ "$(grep -c '^  - wonders_set[12]\.' "$T/boxes.yaml")" = 8 ] && ok || bad "the wonder packs' 8 wonders are not beside the track"
grep -q 'dragon: \[\[' "$T/boxes.yaml" && ok || bad "no dragon flight in the record"
grep -q 'fairy: {at: \[' "$T/boxes.yaml" && ok || bad "no fairy moved in the record"
expect_exit 0 "replay both boxes" "$W" score "$T/boxes.yaml"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/boxes-score"
cmp -s "$T/boxes-play" "$T/boxes-score" && ok || bad "the replay of both boxes disagrees with the game"
# P14 at final scoring: the fairy's 3 go with their feature's scoring, so
# they are "final" too -- in the log of play and score alike, no turn's line
# after the final scoring's first (the greedy and planner seats keep the
# fairy beside a follower, and a follower always stands at the end).
expect_exit 0 "play the fairy to the end" "$W" play --packs base,princess_dragon,wonders_set1 --rules princess_dragon \
    --players 2 --seats greedy,planner --wonders stonehenge,circus_maximus --seed 1 --record "$T/fairy-end.yaml"
cp "$T/out" "$T/fairy-play"
expect_exit 0 "score the fairy to the end" "$W" score "$T/fairy-end.yaml"
for log in "$T/fairy-play" "$T/out"; do
    grep -q '^final  *fairy: ' "$log" && ok || bad "the fairy's 3 at the final scoring are not listed as final"
    late=$(awk '/^final/ { f = 1 } f && /^turn/ { n++ } END { print n + 0 }' "$log")
    [ "$late" = 0 ] && ok || bad "$late turns' lines among the final scoring's"
done
sed 's/dragon: \[\[\(-*[0-9]*\), /dragon: [[\1000, /' "$T/boxes.yaml" > "$T/boxes-bad.yaml"
expect_exit 1 "a dragon step off its path" "$W" score "$T/boxes-bad.yaml"
expect_out "a dragon step off its path" "error: turn "
expect_out "a dragon step off its path" ": the dragon cannot step to ("
# P5: the dragon tiles drawn before the first volcano are set aside, then
# shuffled back with the match's own generator, seeded from the record's
# `seed`: seed 2 sets one aside, the record replays with its seed and not
# with another (a later turn draws otherwise with seed 3).
expect_exit 0 "P5: play with a dragon tile set aside" "$W" play --quiet --packs base,princess_dragon \
    --rules princess_dragon --players 2 --seats random,random --wonders stonehenge,tikal --seed 2 --record "$T/p5.yaml"
expect_exit 0 "P5: the record replays with its seed" "$W" score "$T/p5.yaml"
sed 's/^  seed: 2$/  seed: 3/' "$T/p5.yaml" > "$T/p5-seed.yaml"
expect_exit 1 "P5: another seed shuffles otherwise" "$W" score "$T/p5-seed.yaml"
expect_out "P5: another seed shuffles otherwise" ", but the rules give "
expect_out "P5: another seed shuffles otherwise" "p5-seed.yaml:"
# The rule fairy_on_tile (P10, RGG's and Z-Man's wording): the fairy goes
# on a tile, and the record writes the tile alone, `fairy: {at: [x, y]}`;
# the game replays to the same scores.  The replay refuses a follower's
# feature with the rule, the tile alone without it, and a square no tile
# covers, each at the fairy's line.
expect_exit 0 "fairy_on_tile: play" "$W" play --packs base,princess_dragon,wonders_set1 \
    --rules princess_dragon,fairy_on_tile --players 2 --seats greedy,planner --seed 3 --record "$T/fot.yaml"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/fot-play"
grep -q '^  fairy: {at: \[-*[0-9]*, -*[0-9]*\]}$' "$T/fot.yaml" && ok || bad "fairy_on_tile: no fairy put on a tile in the record"
grep -q 'fairy: {at: .*feature' "$T/fot.yaml" && bad "fairy_on_tile: a fairy beside a follower in the record" || ok
expect_exit 0 "fairy_on_tile: replay" "$W" score "$T/fot.yaml"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/fot-score"
cmp -s "$T/fot-play" "$T/fot-score" && ok || bad "the replay of fairy_on_tile disagrees with the game"
fairy_line=$(grep -n -m1 '^  fairy: {at: ' "$T/fot.yaml" | cut -d: -f1)
sed "${fairy_line}s/}\$/, feature: r}/" "$T/fot.yaml" > "$T/fot-feature.yaml"
expect_exit 1 "fairy_on_tile: a follower's feature" "$W" score "$T/fot-feature.yaml"
expect_out "fairy_on_tile: a follower's feature" \
    "fot-feature.yaml:$fairy_line:10: error: turn "
expect_out "fairy_on_tile: a follower's feature" \
    ": fairy: with the rule fairy_on_tile it goes on a tile, beside no follower: 'at' only, no 'feature'"
sed 's/^  rules: \[princess_dragon, fairy_on_tile\]$/  rules: [princess_dragon]/' "$T/fot.yaml" > "$T/fot-hig.yaml"
expect_exit 1 "the fairy on a tile without fairy_on_tile" "$W" score "$T/fot-hig.yaml"
expect_out "the fairy on a tile without fairy_on_tile" \
    ": fairy: needs 'feature' (the follower it joins); only with the rule fairy_on_tile does it go on a tile"
sed "${fairy_line}s/{at: \[[^]]*\]}/{at: [1000, 0]}/" "$T/fot.yaml" > "$T/fot-nowhere.yaml"
expect_exit 1 "fairy_on_tile: no tile there" "$W" score "$T/fot-nowhere.yaml"
expect_out "fairy_on_tile: no tile there" "fot-nowhere.yaml:$fairy_line:10: error: turn "
expect_out "fairy_on_tile: no tile there" ": fairy: no tile covers (1000, 0)"
# P16: any follower goes through the portal -- the large meeple and the
# abbot too, each where it may stand; the record names it (`figure:`) and
# the replay checks it.  The game: the first of seeds 1 to 20 whose random
# players send the three through (which seed it is depends on the tile
# set); its plain meeple's entry is then made a pig's.
portal_seed=
for seed in $(seq 1 20); do
    expect_exit 0 "the portal with every follower, seed $seed" "$W" play --packs base,princess_dragon \
        --rules inns_cathedrals,abbot,princess_dragon --players 2 --seats random,random --seed "$seed" \
        --record "$T/portal.yaml"
    grep -q 'portal: {at: \[.*figure: large}' "$T/portal.yaml" && grep -q 'portal: {at: \[.*figure: abbot}' "$T/portal.yaml" \
        && grep -q 'portal: {at: \[[^]]*\], feature: [a-z0-9_]*}$' "$T/portal.yaml" && { portal_seed=$seed; break; }
done
[ -n "$portal_seed" ] && ok || bad "no game of seeds 1 to 20 sent a meeple, a large meeple and an abbot through the portal"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/portal-play"
expect_exit 0 "replay the portal with every follower" "$W" score "$T/portal.yaml"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/portal-score"
cmp -s "$T/portal-play" "$T/portal-score" && ok || bad "the replay of the portal's followers disagrees with the game"
sed '0,/\(portal: {at: \[[^]]*\], feature: [a-z0-9_]*\)}$/s//\1, figure: pig}/' "$T/portal.yaml" > "$T/portal-pig.yaml"
expect_exit 1 "a pig through the portal" "$W" score "$T/portal-pig.yaml"
expect_out "a pig through the portal" "error: portal: figure: expected meeple, large or abbot (a follower), found 'pig'"
printf '%s\n' 'format: 1' 'setup:' '  players: [Red, Blue]' '  rules: [traders_builders]' 'turns:' \
    '  - {tile: base.U, at: [1, 0], rotation: 0, meeples: [builder r]}' > "$T/builder.yaml"
expect_exit 1 "a builder without a follower" "$W" score "$T/builder.yaml"
expect_out "a builder without a follower" \
    "builder.yaml:6:55: error: turn 1: a builder cannot go on 'r': Red has no follower of their own on that road"

# The marker is a choice (W: "You can use the large meeple of the 1st
# expansion or any other figure in that color"): `marker: large` in a turn
# that places a wonder, checked by the replay, in a game and in a position
# (tests/positions/marker-large-meeple.yaml has the numbers).  The built-in
# players keep the default, a meeple, and write nothing.
grep -q 'marker:' "$T/rules.yaml" && bad "a built-in player wrote a marker it did not choose" || ok
marked() { # SRC DEST LABEL: SRC with 'marker: large' in the first turn whose tile is LABEL
    awk -v label="$3" '{print} index($0, "- tile: " label) == 1 && !done {print "  marker: large"; done = 1}' "$1" > "$2"
    marker_line=$(grep -n '^  marker: large$' "$2" | cut -d: -f1)
    marker_turn=$(head -n "$marker_line" "$2" | sed -n '/^turns:/,$p' | grep -c '^- ')
}
expect_exit 0 "a game with the expansions' rules" "$W" play --rules inns_cathedrals --players 2 --seed 1 --wonders "$SHIPPED" --record "$T/mark1.yaml"
marked "$T/mark1.yaml" "$T/mark1-large.yaml" wonders_
# the large meeple marks the wonder, so a later turn that puts it on a feature cannot
expect_exit 1 "the large meeple as the marker, then on a feature" "$W" score "$T/mark1-large.yaml"
expect_out "the large meeple as the marker, then on a feature" "error: turn 26: a large meeple cannot go on 'm': Blue has no large meeple left"
expect_exit 0 "a game where the large meeple is on the board" "$W" play --rules inns_cathedrals --players 2 --seed 3 --wonders "$SHIPPED" --record "$T/mark3.yaml"
marked "$T/mark3.yaml" "$T/mark3-large.yaml" wonders_
expect_exit 1 "the large meeple marks while on the board" "$W" score "$T/mark3-large.yaml"
expect_out "the large meeple marks while on the board" \
    "mark3-large.yaml:$marker_line:11: error: turn $marker_turn: marker: Blue's large meeple is not in their supply (it stands on the board)"
first_placed=$(sed -n 's/^- tile: \([A-Za-z0-9_.]*\).*/\1/p' "$T/game.yaml" | grep -Fx -f "$T/wonder-ids" | head -1)
marked "$T/game.yaml" "$T/mark-norules.yaml" "${first_placed:-no wonder placed}"
expect_exit 1 "the large meeple marks without its rules" "$W" score "$T/mark-norules.yaml"
expect_out "the large meeple marks without its rules" \
    "mark-norules.yaml:$marker_line:11: error: turn $marker_turn: marker: the large meeple is not in this game (it comes with the rules of Inns & Cathedrals: 'rules: [inns_cathedrals]' in setup)"
marked "$T/mark1.yaml" "$T/mark-land.yaml" base.
expect_exit 1 "a marker on a land tile" "$W" score "$T/mark-land.yaml"
expect_out "a marker on a land tile" "mark-land.yaml:$marker_line:11: error: turn $marker_turn: marker: base."
expect_out "a marker on a land tile" " is not a wonder; only a wonder is marked"
P=tests/positions/marker-large-meeple.yaml
expect_exit 0 "the marker position" "$W" check "$P"
sed 's/rules: \[inns_cathedrals\]/rules: []/' "$P" > "$T/mark-position-norules.yaml"
expect_exit 1 "the large meeple marks a position without its rules" "$W" score "$T/mark-position-norules.yaml"
expect_out "the large meeple marks a position without its rules" \
    "mark-position-norules.yaml:27:81: error: turn 3: marker: the large meeple is not in this game"
sed 's/marker: large/marker: meeple/' "$P" > "$T/mark-position-meeple.yaml"
expect_exit 1 "a meeple marks, and none is left for the city" "$W" score "$T/mark-position-meeple.yaml"
expect_out "a meeple marks, and none is left for the city" \
    "mark-position-meeple.yaml:27:99: error: turn 3: a meeple cannot go on 'town': Red has no meeple left"
sed 's/meeples: 1$/meeples: 0/' "$P" > "$T/mark-position-none.yaml"
sed 's/marker: large/marker: meeple/' "$T/mark-position-none.yaml" > "$T/mark-position-no-meeple.yaml"
expect_exit 1 "a meeple marks with none in the supply" "$W" score "$T/mark-position-no-meeple.yaml"
expect_out "a meeple marks with none in the supply" \
    "mark-position-no-meeple.yaml:27:81: error: turn 3: marker: Red has no meeple left in their supply"
sed 's/meeples: \[town\]/meeples: [large town]/' "$P" > "$T/mark-position-twice.yaml"
expect_exit 1 "the large meeple marks and stands" "$W" score "$T/mark-position-twice.yaml"
expect_out "the large meeple marks and stands" "turn 3: a large meeple cannot go on 'town': Red has no large meeple left"
sed 's/marker: large/marker: abbot/' "$P" > "$T/mark-position-abbot.yaml"
expect_exit 1 "the abbot as the marker" "$W" score "$T/mark-position-abbot.yaml"
expect_out "the abbot as the marker" "mark-position-abbot.yaml:27:81: error: marker: expected meeple or large, found 'abbot'"

# board as a picture: valid SVG written whole, one group per placed tile,
# meeples agreeing with the terminal drawing, colours by player.
expect_exit 0 "board svg" "$W" board "$T/game.yaml" --format svg -o "$T/board.svg"
if xmllint --noout "$T/board.svg" 2>/dev/null; then ok; else bad "board svg: not valid"; fi
placed=$(grep -c '^- tile:\|^  - {.*tile:' "$T/game.yaml")
groups=$(grep -c '<g class="tile"' "$T/board.svg")
[ "$groups" = "$((placed + 1))" ] && ok || bad "board svg: $groups tiles drawn, $placed turns placed one each plus the start tile"
expect_exit 2 "board svg into a missing folder" "$W" board "$T/game.yaml" --format svg -o "$T/none/b.svg"
[ -e "$T/none" ] && bad "board svg into a missing folder: created something" || ok
expect_exit 2 "board -o without svg" "$W" board "$T/game.yaml" -o "$T/b.txt"
expect_exit 2 "board bad format" "$W" board "$T/game.yaml" --format png
P=tests/positions/tikal.yaml
expect_exit 0 "board svg of a position" "$W" board "$P" --format svg
cp "$T/out" "$T/tikal.svg"
expect_out "board svg of a position" 'data-tile="wonders_set2.tikal" data-rotation="180"'
expect_exit 0 "board text of a position" "$W" board "$P"
expect_out "board text of a position" "      -3 -2 -1  0  1"           # x above the columns
expect_out "board text of a position" "  -2 .A#"                        # y beside the rows
expect_out "board text of a position" "M monastery, * garden, A-Z a wonder (a-z its squares)"
digits=$(sed '1d;/^$/,$d' "$T/out" | cut -c6- | tr -cd '1-9' | wc -c)   # the board, without its axes
circles=$(grep -c 'class="meeple"' "$T/tikal.svg")
[ "$circles" = "$digits" ] && [ "$circles" -gt 0 ] && ok || bad "board svg: $circles meeples drawn, the terminal board shows $digits"
red=$(grep -c 'class="meeple" data-player="0".*fill="#d62728"' "$T/tikal.svg")
[ "$red" = "$circles" ] && ok || bad "board svg: Red's meeples are not all red ($red of $circles)"
grep -q 'class="marker" data-player="0".*fill="#d62728"' "$T/tikal.svg" && ok || bad "board svg: no red marker on Tikal"
# ... and in a browser, the first meeple is red where the picture says it is.
if command -v chromium > /dev/null 2>&1; then
    size=$(sed -n 's/^<svg[^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1,\2/p' "$T/tikal.svg")
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size="$size" --screenshot="$T/tikal.png" "file://$T/tikal.svg" > /dev/null 2>&1
    at=$(sed -n 's/.*class="meeple"[^>]* transform="translate(\([0-9]*\)[.0-9]* \([0-9]*\)[.0-9]*).*/\1 \2/p' "$T/tikal.svg" | head -1)
    rgb=$(/usr/bin/convert "$T/tikal.png" -crop "1x1+${at% *}+${at#* }" -depth 8 txt:- 2>/dev/null \
        | sed -n 's/.*(\([0-9]*\),\([0-9]*\),\([0-9]*\).*/\1 \2 \3/p' | head -1)
    set -- $rgb
    if [ $# = 3 ] && [ "$1" -gt 170 ] && [ "$2" -lt 90 ] && [ "$3" -lt 90 ]; then ok; else bad "board svg in a browser: meeple pixel is '$rgb', not red"; fi
else
    skip "the board in a browser" "chromium is not installed (.ci/deps.sh)"
fi

# board as a page (the replay viewer): one frame for the start, each turn and
# the final scoring, each with the board as --format svg draws it; written
# whole into DIR/index.html, DIR made as mkdir -p; the browser's side is
# tests/pages.sh.
P=tests/positions/tikal.yaml
expect_exit 0 "board html" "$W" board "$P" --format html -o "$T/viewer/new"
frames=$(grep -c '<section class="frame"' "$T/viewer/new/index.html")
[ "$frames" = 14 ] && ok || bad "board html: $frames frames, expected 14 (the start, 12 turns, the final scoring)"
# Tikal drawn once, with the path data --format svg draws it with, and used on the boards.
def=$(grep -o '<g id="t[0-9]*-2" data-tile="wonders_set2.tikal" data-rotation="180">' "$T/viewer/new/index.html" \
      | sed 's/<g id="\([^"]*\)".*/\1/')
expect_exit 0 "board svg of Tikal's example" "$W" board "$P" --format svg -o "$T/tikal.svg"
awk '/<g class="tile" data-tile="wonders_set2.tikal"/, /^<\/g>$/' "$T/tikal.svg" | grep -o ' d="[^"]*"' > "$T/tikal.d"
awk -v id="$def" 'index($0, "<g id=\"" id "\"") == 1, /^<\/g>$/' "$T/viewer/new/index.html" | grep -o ' d="[^"]*"' > "$T/page.d"
[ -n "$def" ] && [ -s "$T/tikal.d" ] && cmp -s "$T/tikal.d" "$T/page.d" && grep -q "<use class=\"tile\" href=\"#$def\"" "$T/viewer/new/index.html" \
    && ok || bad "board html: Tikal not drawn once as --format svg draws it, or not used"
grep -q 'data-label="Final scoring"' "$T/viewer/new/index.html" && ok || bad "board html: no final scoring"
grep -q 'turn  12  Blue base.E at (0, -2) turned 180' "$T/viewer/new/index.html" && ok || bad "board html: turn 12's log line"

# The boxes' figures on the board as a picture (issue 24): a game with
# Traders & Builders and the Princess & the Dragon; seed 2 ends with a
# builder, pigs, the dragon and the fairy on the board.  Its wonders are
# named, so that a wonder added to tiles/ (tests/new_wonder.sh) leaves the
# game as it is.  What the final
# position holds is read from the record (the dragon's last flight or a
# later volcano, the fairy's last move) and from the text board's list of
# builders and pigs -- never typed in here.
expect_exit 0 "play with both boxes" "$W" play --packs base,traders_builders,princess_dragon \
    --rules traders_builders,princess_dragon --players 2 --wonders stonehenge,tikal,alhambra,notre_dame --seed 2 \
    --record "$T/boxes.yaml"
expect_exit 0 "board svg with both boxes" "$W" board "$T/boxes.yaml" --format svg -o "$T/boxes.svg"
if xmllint --noout "$T/boxes.svg" 2>/dev/null; then ok; else bad "board svg with both boxes: not valid"; fi
expect_exit 0 "board text with both boxes" "$W" board "$T/boxes.yaml"
cp "$T/out" "$T/boxes.txt"
players=$(sed -n 's/^  players: \[\(.*\)\]$/\1/p' "$T/boxes.yaml" | tr -d ' ' | tr ',' ' ')
figures=0
for fig in builder pig; do
    seat=0
    for name in $players; do
        want=$(grep -c "^$fig of $name on " "$T/boxes.txt")
        got=$(grep -c "class=\"$fig\" data-player=\"$seat\"" "$T/boxes.svg")
        [ "$got" = "$want" ] && ok || bad "board svg: $got ${fig}s of $name drawn, the position holds $want"
        figures=$((figures + want))
        seat=$((seat + 1))
    done
done
[ "$figures" -ge 2 ] && grep -q '^builder of ' "$T/boxes.txt" && ok \
    || bad "board with both boxes: seed 2 no longer leaves a builder and a pig on the board; pick another seed"
# the dragon: where its last flight ended, or on a volcano placed after it
volcanoes=$(awk '/^[a-z_0-9]*\.[A-Za-z0-9_]*:$/ { id = $1; sub(/:$/, "", id) } /^  tags: .*volcano/ { print id }' \
    generated/tiles.yaml | tr '\n' ' ')
dragon=$(awk -v v=" $volcanoes" '
    /^- tile: / { volcano = index(v, " " $3 " ") > 0 }
    /^  at: \[/ && volcano { s = $0; gsub(/[^-0-9,]/, "", s); at = s; volcano = 0 }
    /^  dragon: / { s = $0; sub(/.*\[\[/, "", s); n = split(s, q, /\], \[/); s = q[n]; gsub(/[^-0-9,]/, "", s); at = s }
    END { print at }' "$T/boxes.yaml")
[ -n "$dragon" ] && ok || bad "board with both boxes: no volcano placed in the record (pick another seed)"
grep -q "^the dragon at (${dragon%,*}, ${dragon#*,})$" "$T/boxes.txt" && ok \
    || bad "board text: the dragon is not at ($dragon), where the record leaves it"
[ "$(grep -c 'class="dragon-figure"' "$T/boxes.svg")" = 1 ] && ok || bad "board svg: the dragon is not drawn once"
# ... on its square: its centre is the column's axis label's x and the row's label's y (drawn 4 lower)
ax=$(sed -n "s/.*class=\"axis\" x=\"\([-0-9.]*\)\"[^>]*text-anchor=\"middle\"[^>]*>${dragon%,*}<.*/\1/p" "$T/boxes.svg")
ay=$(sed -n "s/.*class=\"axis\" x=\"[-0-9.]*\" y=\"\([-0-9.]*\)\"[^>]*text-anchor=\"end\"[^>]*>${dragon#*,}<.*/\1/p" "$T/boxes.svg")
at=$(sed -n 's/.*class="dragon-figure"[^>]* transform="translate(\([-0-9.]*\) \([-0-9.]*\))".*/\1 \2/p' "$T/boxes.svg")
awk -v a="$at" -v x="$ax" -v y="$ay" 'BEGIN { split(a, p, " "); exit !(p[1] == x && p[2] == y - 4) }' && ok \
    || bad "board svg: the dragon drawn at ($at), its square ($dragon) is at ($ax, $ay - 4)"
# the fairy: on the board once the record moved it, drawn once, where the last move put it
fairy=$(sed -n 's/^  fairy: {at: \[\([-0-9]*\), \([-0-9]*\)\].*/\1, \2/p' "$T/boxes.yaml" | tail -1)
[ -n "$fairy" ] && ok || bad "board with both boxes: the record never moves the fairy (pick another seed)"
grep -q "^the fairy at ($fairy)" "$T/boxes.txt" && ok || bad "board text: the fairy is not at ($fairy), where the record leaves it"
[ "$(grep -c 'class="fairy"' "$T/boxes.svg")" = 1 ] && ok || bad "board svg: the fairy is not drawn once"
grep -q "builders (hats) and pigs" "$T/boxes.svg" && ok || bad "board svg: no legend line for the boxes' figures"
grep -q "builders (hats) and pigs" "$T/tikal.svg" && bad "board svg: the boxes' legend line on a board without them" || ok
if grep -Eq '<img|<link|<script src|src="http|href="(http|//)' "$T/viewer/new/index.html"; then
    bad "board html: refers to other files"
else
    ok
fi
[ "$(ls -A "$T/viewer/new")" = index.html ] && ok || bad "board html: more than index.html in DIR: $(ls -A "$T/viewer/new")"
echo "an old page" > "$T/viewer/new/index.html"
sed 's/at: \[1, 2\], rotation: 90/at: [9, 9], rotation: 90/' "$P" > "$T/game-bad.yaml"   # turn 9 off the board
expect_exit 1 "board html of a bad record" "$W" board "$T/game-bad.yaml" --format html -o "$T/viewer/new"
grep -qx "an old page" "$T/viewer/new/index.html" && ok || bad "board html of a bad record: the old page changed"
expect_exit 1 "board html of a bad record, new folder" "$W" board "$T/game-bad.yaml" --format html -o "$T/viewer/none"
[ -e "$T/viewer/none" ] && bad "board html of a bad record: made its folder" || ok
expect_exit 2 "board html without -o" "$W" board "$P" --format html
expect_out "board html without -o" "wonders: --format html needs -o DIR: the page is written to DIR/index.html"
echo "a file" > "$T/viewer/file"
expect_exit 2 "board html into a file" "$W" board "$P" --format html -o "$T/viewer/file/sub"
expect_out "board html into a file" "is not a folder"
expect_exit 2 "board -o without svg or html" "$W" board "$P" -o "$T/b.txt"
expect_out "board -o without svg or html" "-o goes with --format svg or html"

# the default seats are planners; their games replay to the same scores
expect_exit 0 "play with planners" "$W" play --players 2 --seed 11 --record "$T/planners.yaml"
expect_out "play with planners" "2 players (Red planner, Blue planner)"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/planners-play"
expect_exit 0 "score the planners' game" "$W" score "$T/planners.yaml"
sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/planners-score"
[ -s "$T/planners-play" ] && cmp -s "$T/planners-play" "$T/planners-score" && ok || bad "planners' record scores differently"

# a planner places farmers and a greedy player never does; the planner wins
# most games against greedy (36 of 40 with the planner first when written)
planner_fields=0 greedy_fields=0 planner_wins=0
for seed in 1 2 3 4 5 6 7 8 9 10; do
    expect_exit 0 "planner against greedy, seed $seed" "$W" play --players 2 --seed $seed --seats planner,greedy --quiet
    set -- $(awk '/roads *cities/ { t = 1; next } t && NF == 0 { exit } t { print $5, $7 }' "$T/out")
    planner_fields=$((planner_fields + $1)); greedy_fields=$((greedy_fields + $3))
    [ "$2" -gt "$4" ] && planner_wins=$((planner_wins + 1))
done
[ "$planner_fields" -gt 0 ] && ok || bad "the planner never scored a field in 10 games"
[ "$greedy_fields" = 0 ] && ok || bad "the greedy player scored fields ($greedy_fields)"
[ "$planner_wins" -ge 6 ] && ok || bad "the planner won only $planner_wins of 10 games against greedy"

# --wonders: a count of the tile set's wonders, at random; 0 sets out none
expect_exit 0 "simulate, no wonders" "$W" simulate --games 50 --wonders 0 --format yaml
grep -q 'offered: [1-9]' "$T/out" && bad "simulate --wonders 0 offered a wonder" || ok
expect_exit 0 "simulate, 2 wonders" "$W" simulate --games 50 --wonders 2 --format yaml
offered=$(grep -o 'offered: [0-9]*' "$T/out" | awk '{ n += $2 } END { print n }')
[ "$offered" = 100 ] && ok || bad "simulate --wonders 2 offered $offered wonders in 50 games, not 100"
# the table's columns line up whatever the names' length: a result whose id
# the tile set lacks is named by its id, longer than any wonder's name (issue 33)
first=$(sed -n 's/.*{id: \([a-z0-9_.]*\),.*/\1/p' "$T/out" | head -1)
sed "s/{id: $first,/{id: ${first}_with_a_much_longer_name,/" "$T/out" > "$T/long-name.yaml"
expect_exit 0 "simulate's table, a long name" "$W" simulate --merge "$T/long-name.yaml"
expect_out "simulate's table, a long name" "${first}_with_a_much_longer_name "
widths=$(sed -n '2,/^(taken/p' "$T/out" | sed '$d' | awk '{ print length($0) }' | sort -u | wc -l)
[ "$widths" = 1 ] && ok || { bad "simulate's table: its lines are of $widths widths"; cat "$T/out"; }
col=$(sed -n '2p' "$T/out" | awk '{ print index($0, "offered") + 6 }')
sed -n '3,/^(taken/p' "$T/out" | sed '$d' | awk -v c="$col" 'substr($0, c, 1) !~ /[0-9]/ || substr($0, c + 1, 1) != " "' > "$T/misaligned"
[ -s "$T/misaligned" ] && { bad "simulate's table: a count not under 'offered'"; cat "$T/out"; } || ok
# and the balance table's the same (a result named by its long id)
expect_exit 0 "balance, for a long name" "$W" balance --games 2 --players 2 --seats random,random --jobs 1 \
    --wonders tikal,alhambra --format yaml
sed 's/{id: wonders_set2.tikal,/{id: wonders_set2.tikal_with_a_much_longer_name,/' "$T/out" > "$T/bal-long.yaml"
expect_exit 0 "balance's table, a long name" "$W" balance --merge "$T/bal-long.yaml"
expect_out "balance's table, a long name" "wonders_set2.tikal_with_a_much_longer_name "
widths=$(sed -n '2,/^ref /p' "$T/out" | awk '{ print length($0) }' | sort -u | wc -l)
[ "$widths" = 1 ] && ok || { bad "balance's table: its lines are of $widths widths"; cat "$T/out"; }
# however many wonders tiles/ holds: all of them play, one more is refused
n_wonders=$("$W" play --wonders 999 2>&1 | sed -n 's/.*the tile set has \([0-9]*\) wonders.*/\1/p')
[ "${n_wonders:-0}" -ge 8 ] && ok || bad "--wonders 999 does not say how many wonders the set has"
expect_exit 0 "every wonder of the set" "$W" play --quiet --wonders "$n_wonders" --seed 3
expect_exit 2 "more wonders than the set" "$W" play --wonders $((n_wonders + 1))
expect_out "more wonders than the set" "wonders: --wonders $((n_wonders + 1)): the tile set has $n_wonders wonders"

# an edited record is rejected at the turn where it breaks
first=$(grep -n '^[- ] tile: ' "$T/game.yaml" | head -1 | cut -d: -f1)
sed "${first}s/tile: .*/tile: base.X/" "$T/game.yaml" > "$T/edited.yaml"
if grep -q "^[- ] tile: base.X" "$T/game.yaml"; then
    sed "${first}s/tile: .*/tile: base.C/" "$T/game.yaml" > "$T/edited.yaml"
fi
expect_exit 1 "an edited record" "$W" score "$T/edited.yaml"
expect_out "an edited record" "edited.yaml:${first}:9: error: turn 1: the record places base."
# a player written by hand is checked against turn order
sed "${first}s/^- tile:/- player: 0\n  tile:/" "$T/game.yaml" > "$T/player.yaml"
expect_exit 0 "the right player" "$W" score "$T/player.yaml"
sed "${first}s/^- tile:/- player: 1\n  tile:/" "$T/game.yaml" > "$T/player.yaml"
expect_exit 1 "the wrong player" "$W" score "$T/player.yaml"
expect_out "the wrong player" "player.yaml:${first}:3: error: turn 1: it is Red's turn, not Blue's"
sed 's/^  seed: 7/  seed: 7\n  colour: red/' "$T/game.yaml" > "$T/unknown.yaml"
expect_exit 1 "unknown key" "$W" score "$T/unknown.yaml"
expect_out "unknown key" "unknown.yaml:11:3: error: unknown key 'colour' in setup"
printf 'format: 1\nsetup: {players: 2\n' > "$T/broken.yaml"
expect_exit 1 "malformed YAML" "$W" score "$T/broken.yaml"
expect_out "malformed YAML" "broken.yaml:2:19: error: malformed YAML: the mapping is not closed: a '}' is missing at the end of this line (its '{' is at 2:8)"
: > "$T/empty.yaml"
expect_exit 1 "empty record" "$W" score "$T/empty.yaml"
expect_out "empty record" "the record is empty"
head -c 70000000 /dev/zero | tr '\0' ' ' > "$T/huge.yaml"
expect_exit 1 "huge record" "$W" score "$T/huge.yaml"
expect_out "huge record" "larger than the limit"
expect_exit 2 "missing record" "$W" score "$T/none.yaml"
expect_out "missing record" "cannot read"
printf 'format: 1\nsetup: {players: 2}\nturns:\n- {tile: base.nope, at: [0, 1]}\n' > "$T/unknown-tile.yaml"
expect_exit 1 "unknown tile" "$W" score "$T/unknown-tile.yaml"
expect_out "unknown tile" "unknown-tile.yaml:4:10: error: unknown tile 'base.nope'"

# a meeple on a feature the tile does not have: the message lists the names
m=$(grep -n '^  meeples: ' "$T/game.yaml" | head -1 | cut -d: -f1)
sed "${m}s/meeples: .*/meeples: [zz]/" "$T/game.yaml" > "$T/no-feature.yaml"
expect_exit 1 "no such feature in a game" "$W" score "$T/no-feature.yaml"
expect_out "no such feature in a game" "no-feature.yaml:${m}:13: error: turn "
expect_out "no such feature in a game" "has no feature 'zz' (its features: "
printf 'format: 1\nsetup: {players: 2}\nturns:\n- {tile: base.U, at: [1, 0], rotation: 0, meeples: [x]}\n' > "$T/pos-feature.yaml"
expect_exit 1 "no such feature in a position" "$W" score "$T/pos-feature.yaml"
expect_out "no such feature in a position" "pos-feature.yaml:4:53: error: turn 1: base.U has no feature 'x' (its features: r, f1, f2)"

# moves in a position
printf 'format: 1\nsetup: {players: 2}\nturns:\n- {tile: base.U, at: [1, 0], rotation: 0, meeples: [r]}\n' > "$T/pos.yaml"
expect_exit 0 "moves" "$W" moves "$T/pos.yaml" --tile base.E
expect_out "moves" "at (0, -1)    turned 180  meeple on: c f"
# listed row by row, then column, then rotation
sed -n 's/^  at (\(-*[0-9]*\), \(-*[0-9]*\)) *turned *\([0-9]*\).*/\2 \1 \3/p' "$T/out" > "$T/order"
sort -n -k1,1 -k2,2 -k3,3 "$T/order" | cmp -s - "$T/order" && [ -s "$T/order" ] && ok || bad "moves: not in row, column, rotation order"
# moves on 'turns: []': the start tile alone (base.D: a city north, a road east and
# west, a field south).  The road curve base.V (a road on two sides next to each
# other, fields on the other two) fits east and west where two of its turns put a
# road against the start's, south where two put a field there, and never north
# against the city: 6 placements.
printf 'format: 1\nsetup:\n  players: 2\n  packs: [base]\nturns: []\n' > "$T/empty.yaml"
expect_exit 0 "moves on turns: []" "$W" moves "$T/empty.yaml" --tile base.V
expect_out "moves on turns: []" "6 legal placements of base.V"
# --turn N: the position before turn N, of a finished game too
expect_exit 0 "a finished game" "$W" play --players 2 --seed 4 --packs base --quiet --record "$T/done.yaml"
expect_exit 0 "moves on a finished game" "$W" moves "$T/done.yaml" --tile base.V
expect_out "moves on a finished game" "(the game is over; --turn N: the moves before turn N)"
expect_exit 0 "moves --turn 1" "$W" moves "$T/done.yaml" --tile base.V --turn 1
expect_out "moves --turn 1" "6 legal placements of base.V"
# before turn 5 is the record cut after its 4th turn
awk '/^turns:/ { inturns = 1 } inturns && /^- / { n++ } n < 5 { print }' "$T/done.yaml" > "$T/four.yaml"
expect_exit 0 "moves after four turns" "$W" moves "$T/four.yaml" --tile base.V
cp "$T/out" "$T/four-moves"
expect_exit 0 "moves --turn 5" "$W" moves "$T/done.yaml" --tile base.V --turn 5
cmp -s "$T/four-moves" "$T/out" && ok || { bad "moves --turn 5 differs from the record cut after turn 4"; diff "$T/four-moves" "$T/out" | head -5; }
turns=$(grep -c '^- ' "$T/done.yaml")
expect_exit 2 "moves --turn past the end" "$W" moves "$T/done.yaml" --tile base.V --turn $((turns + 2))
expect_out "moves --turn past the end" "give 1 to $((turns + 1))"
expect_exit 2 "moves of an unknown tile" "$W" moves "$T/pos.yaml" --tile base.ZZ
expect_exit 0 "moves by bare id" "$W" moves tests/positions/tikal.yaml --tile stonehenge
expect_out "moves by bare id" "legal placements of wonders_set1.stonehenge (Stonehenge)"

# mcts: its games replay to the same scores; a seed and --think give the same
# game, and simulate the same results for any --jobs
expect_exit 0 "play mcts" "$W" play --players 2 --packs base --seats mcts,greedy --think 30 --seed 4 --wonders "$SHIPPED" \
    --record "$T/mcts1.yaml"
sed -n '/^ *roads/,/^$/p' "$T/out" > "$T/mcts-play-totals"
expect_exit 0 "play mcts again" "$W" play --players 2 --packs base --seats mcts,greedy --think 30 --seed 4 --wonders "$SHIPPED" \
    --record "$T/mcts2.yaml"
cmp -s "$T/mcts1.yaml" "$T/mcts2.yaml" && ok || bad "play mcts: the same seed and --think gave two records"
expect_exit 0 "score mcts" "$W" score "$T/mcts1.yaml"
sed -n '/^ *roads/,/^$/p' "$T/out" > "$T/mcts-score-totals"
[ -s "$T/mcts-play-totals" ] && cmp -s "$T/mcts-play-totals" "$T/mcts-score-totals" && ok \
    || bad "score mcts: the replay's totals differ from the game's"
expect_exit 0 "play mcts, other think" "$W" play --players 2 --packs base --seats mcts,greedy --think 31 --seed 4 --wonders "$SHIPPED" \
    --record "$T/mcts3.yaml"
cmp -s "$T/mcts1.yaml" "$T/mcts3.yaml" && bad "play mcts: --think 30 and 31 gave the same record" || ok
expect_exit 0 "simulate mcts --jobs 1" "$W" simulate --games 4 --players 2 --packs base --seats mcts,random \
    --think 20 --jobs 1 --format yaml
cp "$T/out" "$T/mcts-sim1"
expect_exit 0 "simulate mcts --jobs 2" "$W" simulate --games 4 --players 2 --packs base --seats mcts,random \
    --think 20 --jobs 2 --format yaml
cmp -s "$T/mcts-sim1" "$T/out" && ok || bad "simulate mcts: --jobs 1 and 2 differ"
expect_out "simulate mcts seats" "seats: [mcts, random]"
# balance seats mcts players, a search per thread: the same results for any
# --jobs, the budget in the header and the results, shards of other budgets
# refused
MB="balance --games 4 --players 2 --seats mcts,greedy --wonders tikal --think 20"
expect_exit 0 "balance mcts --jobs 1" "$W" $MB --jobs 1 --format yaml
cp "$T/out" "$T/mcts-bal1"
expect_out "balance mcts --jobs 1" "  think: 20"
expect_exit 0 "balance mcts --jobs 2" "$W" $MB --jobs 2 --format yaml
cmp -s "$T/mcts-bal1" "$T/out" && ok || bad "balance mcts: --jobs 1 and 2 differ"
expect_exit 0 "balance mcts table" "$W" $MB --jobs 2
expect_out "balance mcts table" "(seats: mcts,greedy; think 20; rules: none)"
expect_exit 0 "balance into mb0.yaml" "$W" $MB --format yaml --shard 0/2
cp "$T/out" "$T/mb0.yaml"
expect_exit 0 "balance into mb1.yaml" "$W" balance --games 4 --players 2 --seats mcts,greedy --wonders tikal --think 21 \
    --format yaml --shard 1/2
cp "$T/out" "$T/mb1.yaml"
expect_exit 1 "balance merge, other think" "$W" balance --merge "$T/mb0.yaml" "$T/mb1.yaml"
expect_out "balance merge, other think" "the think differ"
expect_exit 2 "play --think 0" "$W" play --think 0
# tree reuse (issue 25): an mcts seat keeps its tree between decisions, each
# seat its own; a game is still the same for a seed and --think, and
# simulate and duel the same for any --jobs.  (That reuse keeps nodes at
# all, and none without, is the unit test's: whether it changes a given
# game depends on the tile set, which new_wonder.sh and erratum.sh change.)
expect_exit 0 "play mcts,mcts" "$W" play --players 2 --packs base --seats mcts,mcts --think 300 --seed 4 \
    --record "$T/reuse1.yaml"
expect_exit 0 "play mcts,mcts again" "$W" play --players 2 --packs base --seats mcts,mcts --think 300 --seed 4 \
    --record "$T/reuse2.yaml"
cmp -s "$T/reuse1.yaml" "$T/reuse2.yaml" && ok || bad "play mcts,mcts: the same seed and --think gave two records"
expect_exit 0 "simulate mcts,mcts --jobs 1" "$W" simulate --games 4 --players 2 --packs base --seats mcts,mcts \
    --think 100 --jobs 1 --format yaml
cp "$T/out" "$T/reuse-sim1"
expect_exit 0 "simulate mcts,mcts --jobs 2" "$W" simulate --games 4 --players 2 --packs base --seats mcts,mcts \
    --think 100 --jobs 2 --format yaml
cmp -s "$T/reuse-sim1" "$T/out" && ok || bad "simulate mcts,mcts: --jobs 1 and 2 differ"
expect_exit 0 "duel mcts,mcts-noreuse --jobs 1" "$W" duel --seats mcts,mcts-noreuse --games 4 --think 100 --jobs 1
cp "$T/out" "$T/reuse-duel1"
expect_out "duel mcts,mcts-noreuse --jobs 1" "mcts against mcts-noreuse: 4 games"
expect_exit 0 "duel mcts,mcts-noreuse --jobs 2" "$W" duel --seats mcts,mcts-noreuse --games 4 --think 100 --jobs 2
cmp -s "$T/reuse-duel1" "$T/out" && ok || bad "duel mcts,mcts-noreuse: --jobs 1 and 2 differ"
# the Princess & the Dragon's actions are the search's: an mcts game with
# them replays to the same scores, the same for a seed and --think
PD="play --packs base,princess_dragon --rules princess_dragon --players 2 --seats mcts,mcts --think 40 --seed 3"
expect_exit 0 "play mcts, princess_dragon" "$W" $PD --record "$T/pd1.yaml"
sed -n '/^ *roads/,/^$/p' "$T/out" > "$T/pd-play-totals"
grep -q 'dragon: \[\[' "$T/pd1.yaml" && ok || bad "mcts, princess_dragon: no dragon flight in the record"
expect_exit 0 "play mcts, princess_dragon again" "$W" $PD --record "$T/pd2.yaml"
cmp -s "$T/pd1.yaml" "$T/pd2.yaml" && ok || bad "mcts, princess_dragon: the same seed and --think gave two records"
expect_exit 0 "score mcts, princess_dragon" "$W" score "$T/pd1.yaml"
sed -n '/^ *roads/,/^$/p' "$T/out" > "$T/pd-score-totals"
[ -s "$T/pd-play-totals" ] && cmp -s "$T/pd-play-totals" "$T/pd-score-totals" && ok \
    || bad "score mcts, princess_dragon: the replay's totals differ from the game's"
# --think-ms: a time limit, whichever of it and --think comes first (its
# games depend on the machine: only that they are played is checked)
expect_exit 0 "play --think-ms" "$W" play --players 2 --packs base --seats mcts,greedy --think-ms 2 --quiet
expect_exit 0 "duel --think-ms" "$W" duel --seats mcts,greedy --games 2 --think 50 --think-ms 1000 --jobs 1
expect_out "duel --think-ms" "think 50; think-ms 1000"
expect_exit 2 "play --think-ms 0" "$W" play --think-ms 0

# duel: a kind against itself, the seats swapped with the same choices, is
# even by construction; an odd number of games is refused
expect_exit 0 "duel greedy,greedy" "$W" duel --seats greedy,greedy --games 6 --jobs 2
expect_out "duel greedy,greedy" "greedy wins 3.0 of 6 games: 50.0%"
expect_out "duel greedy,greedy" "mean margin: +0.00 points a game (95% interval +0.00 to +0.00"
expect_out "duel greedy,greedy" "the interval counts it once"
expect_exit 0 "duel mcts,random" "$W" duel --seats mcts,random --games 2 --think 20 --jobs 1
cp "$T/out" "$T/duel1"
expect_exit 0 "duel mcts,random --jobs 2" "$W" duel --seats mcts,random --games 2 --think 20 --jobs 2
cmp -s "$T/duel1" "$T/out" && ok || bad "duel: --jobs 1 and 2 differ"
# duel --sprt: stops at the first batch past a bound; the same for any --jobs
expect_exit 0 "duel --sprt" "$W" duel --seats greedy,random --games 400 --sprt 0.5,0.7 --jobs 1
expect_out "duel --sprt" "H1 accepted after 20 games"
expect_out "duel --sprt" "greedy against random: 20 games (10 deals"
cp "$T/out" "$T/sprt1"
expect_exit 0 "duel --sprt --jobs 2" "$W" duel --seats greedy,random --games 400 --sprt 0.5,0.7 --jobs 2
cmp -s "$T/sprt1" "$T/out" && ok || bad "duel --sprt: --jobs 1 and 2 differ"
expect_exit 0 "duel --sprt H0" "$W" duel --seats greedy,greedy --games 400 --sprt 0.5,0.6 --jobs 2
expect_out "duel --sprt H0" "H0 accepted after 160 games"
expect_exit 0 "duel --sprt undecided" "$W" duel --seats greedy,greedy --games 60 --sprt 0.5,0.6 --jobs 2
expect_out "duel --sprt undecided" "undecided after 60 games"
expect_exit 2 "duel odd games" "$W" duel --seats greedy,random --games 3
expect_exit 2 "duel without seats" "$W" duel --games 2
expect_exit 2 "duel three seats" "$W" duel --seats greedy,random,planner --games 2

# simulate: shards merge into the whole run
expect_exit 0 "simulate" "$W" simulate --games 40 --seed 3 --format yaml
cp "$T/out" "$T/whole.yaml"
expect_exit 0 "simulate into s0.yaml" "$W" simulate --games 40 --seed 3 --format yaml --shard 0/2
cp "$T/out" "$T/s0.yaml"
expect_exit 0 "simulate into s1.yaml" "$W" simulate --games 40 --seed 3 --format yaml --shard 1/2
cp "$T/out" "$T/s1.yaml"
expect_exit 0 "merge" "$W" simulate --merge "$T/s0.yaml" "$T/s1.yaml" --format yaml
cmp -s "$T/out" "$T/whole.yaml" && ok || { bad "merged shards differ from the whole run"; diff "$T/out" "$T/whole.yaml"; }
expect_exit 0 "simulate table" "$W" simulate --merge "$T/s0.yaml" "$T/s1.yaml"
expect_out "simulate table" "40 games, 4 players"
expect_out "simulate table" "owner wins"
# results given to --merge are read as strictly as records
bad_results() { # bad_results NAME SED-SCRIPT EXPECTED-MESSAGE
    sed "$2" "$T/s0.yaml" > "$T/bad-results.yaml"
    expect_exit 1 "merge: $1" "$W" simulate --merge "$T/s0.yaml" "$T/bad-results.yaml"
    expect_out "merge: $1" "$3"
}
bad_results "not a number" 's/games: 20/games: abc/' "bad-results.yaml:3:10: error: games: expected a whole number, found 'abc'"
bad_results "unknown key" 's/games: 20/games: 20\n  colour: red/' "bad-results.yaml:4:3: error: unknown key 'colour' in simulation"
bad_results "players out of range" 's/players: 4/players: 9/' "bad-results.yaml:4:12: error: players: 9 is out of range (2 to 6)"
bad_results "unknown format" 's/format: 1/format: 2/' "bad-results.yaml:1:9: error: format 2 is not known"
# (a wonder taken in some game: offered in none, its counts cannot hold)
w1=$(grep -n -- '- {id:.* taken: [1-9]' "$T/s0.yaml" | head -1 | cut -d: -f1)
w2=$(grep -n -- '- {id:' "$T/s0.yaml" | cut -d: -f1 | grep -vx "$w1" | head -1)
id1=$(sed -n "${w1}s/.*id: \\([a-z_0-9.]*\\).*/\\1/p" "$T/s0.yaml")
bad_results "impossible counts" "${w1}s/offered: [0-9]*/offered: 0/" "bad-results.yaml:$w1:7: error: wonder '$id1': the counts cannot be"
bad_results "missing count" "${w1}s/, owner_wins: [0-9]*//" "bad-results.yaml:$w1:7: error: a wonder's results need id, offered"
bad_results "a wonder twice" "${w2}s/id: [a-z_0-9.]*/id: $id1/" \
    "bad-results.yaml:$((w1 > w2 ? w1 : w2)):7: error: wonder '$id1' appears twice"   # at the second
bad_results "seats and players disagree" "s/seats: .*/seats: [random]/" "error: simulation: 1 seats for 4 players"
bad_results "unknown kind" "s/seats: \\[random/seats: [clever/" "error: seats: unknown player kind 'clever'"
# results written before seats were recorded read as random seats
grep -v '^  seats:' "$T/s0.yaml" > "$T/old-results.yaml"
expect_exit 0 "merge: results without seats" "$W" simulate --merge "$T/old-results.yaml" "$T/s1.yaml" --format yaml
cmp -s "$T/out" "$T/whole.yaml" && ok || bad "results without seats do not merge as random seats"
# seats that look ahead: shards still add up, and only equal seats merge
expect_exit 0 "simulate into p-whole.yaml" "$W" simulate --games 6 --players 2 --seats planner,greedy --seed 5 --format yaml
cp "$T/out" "$T/p-whole.yaml"
expect_exit 0 "simulate into p0.yaml" "$W" simulate --games 6 --players 2 --seats planner,greedy --seed 5 --format yaml --shard 0/2
cp "$T/out" "$T/p0.yaml"
expect_exit 0 "simulate into p1.yaml" "$W" simulate --games 6 --players 2 --seats planner,greedy --seed 5 --format yaml --shard 1/2
cp "$T/out" "$T/p1.yaml"
expect_exit 0 "merge planner shards" "$W" simulate --merge "$T/p0.yaml" "$T/p1.yaml" --format yaml
expect_out "merge planner shards" "seats: [planner, greedy]"
cmp -s "$T/out" "$T/p-whole.yaml" && ok || bad "planner shards differ from the whole run"
expect_exit 0 "simulate into r1.yaml" "$W" simulate --games 6 --players 2 --seed 5 --format yaml --shard 1/2
cp "$T/out" "$T/r1.yaml"
expect_exit 1 "merge different seats" "$W" simulate --merge "$T/p0.yaml" "$T/r1.yaml"
expect_out "merge different seats" "(seats random,random; rules none) do not merge with 2 players (seats planner,greedy; rules none)"
expect_exit 0 "simulate with rules" "$W" simulate --games 6 --players 2 --seed 5 --rules abbot --format yaml --shard 1/2
cp "$T/out" "$T/a1.yaml"
expect_out "simulate with rules" "  rules: [abbot]"
expect_exit 0 "simulate into a0.yaml" "$W" simulate --games 6 --players 2 --seed 5 --rules abbot --format yaml --shard 0/2
cp "$T/out" "$T/a0.yaml"
expect_exit 0 "merge shards with rules" "$W" simulate --merge "$T/a0.yaml" "$T/a1.yaml"
expect_out "merge shards with rules" "6 games, 2 players (seats: random,random; rules: abbot)"
expect_exit 1 "merge different rules" "$W" simulate --merge "$T/a1.yaml" "$T/r1.yaml"
expect_out "merge different rules" "(seats random,random; rules none) do not merge with 2 players (seats random,random; rules abbot)"
expect_exit 2 "simulate bad seats" "$W" simulate --games 5 --players 2 --seats planner
expect_out "simulate bad seats" "--seats planner: 1 player for 2 seats; name one per player"
: > "$T/bad-results.yaml"
expect_exit 1 "merge: empty" "$W" simulate --merge "$T/bad-results.yaml"
expect_out "merge: empty" "bad-results.yaml: error: the file is empty"

# the rulebook's examples: each position carries its rule and its expected outcome
n_positions=$(ls tests/positions/*.yaml | wc -l)
expect_exit 0 "rule examples" "$W" check tests/positions/*.yaml
expect_out "rule examples" "$n_positions records: $n_positions as expected"
expect_out "rule examples" '  rule:     Rulebook, Tikal: "Blue scores the city'
# The checks of `check` itself below run on tikal.yaml as the tables score
# it now ($T/now.yaml, brought up to date by --update) and read Tikal's
# figures from it: after an erratum to Tikal's value only "rule examples"
# above fails, naming the position and the figure (docs/authoring.md).
cp tests/positions/tikal.yaml "$T/now.yaml"
expect_exit 0 "check --update, current" "$W" check --update "$T/now.yaml"
red=$(sed -n 's/^  scores: {Red: \([0-9]*\),.*/\1/p' "$T/now.yaml")
tikal=$(sed -n 's/.*reason: wonders_set2.tikal, points: \([0-9]*\),.*/\1/p' "$T/now.yaml")
[ -n "$red" ] && [ -n "$tikal" ] && ok || bad "tikal.yaml: no Red score or Tikal event after --update"
# a wonder's event says at which event its handler ran, under its own key
expect_exit 0 "score json" "$W" score "$T/now.yaml" --format json
expect_out "score json" "\"reason\": \"wonders_set2.tikal\", \"points\": $tikal, \"at\": \"scored\", \"to\": [\"Red\"]}"
expect_out "score json" '"reason": "completed city", "points": 6, "squares": 3, "arms": 0, "to": ["Red"]}'
expect_exit 0 "score yaml" "$W" score tests/positions/alhambra-farmers.yaml --format yaml
expect_out "score yaml" "    at: game_end"
expect_exit 2 "check without a file" "$W" check
expect_exit 2 "check, bad option" "$W" check --frob tests/positions/tikal.yaml
# an erratum: the example's numbers change, check names the lines, --update rewrites them
sed "s/reason: wonders_set2.tikal, points: $tikal,/reason: wonders_set2.tikal, points: $((tikal - 1)),/; s/scores: {Red: $red,/scores: {Red: $((red - 1)),/" \
    "$T/now.yaml" > "$T/tikal.yaml"
line_score=$(grep -n "scores: {Red: $((red - 1))," "$T/tikal.yaml" | cut -d: -f1)
line_event=$(grep -n "points: $((tikal - 1))," "$T/tikal.yaml" | cut -d: -f1)
expect_exit 1 "a changed expectation" "$W" check "$T/tikal.yaml"
expect_out "a changed expectation" "tikal.yaml:$line_score:17: error: Red: expected $((red - 1)) points, found $red"
expect_out "a changed expectation" "tikal.yaml:$line_event:5: error: event 2: expected turn 12: wonders_set2.tikal, $((tikal - 1)) points to Red; found turn 12: wonders_set2.tikal, $tikal points to Red"
expect_out "a changed expectation" "1 record: 0 as expected, 1 not as expected"
expect_exit 0 "check --update" "$W" check --update "$T/tikal.yaml"
expect_out "check --update" "tikal.yaml: expectation rewritten from what was found"
cmp -s "$T/tikal.yaml" "$T/now.yaml" && ok || bad "check --update did not restore the file byte for byte"
# a record without expectations: check says so; --update adds them, keeping the rest
sed '/^expect:/,$d' "$T/now.yaml" > "$T/bare.yaml"
expect_exit 1 "check, no expect" "$W" check "$T/bare.yaml"
expect_out "check, no expect" "bare.yaml: no 'expect' to check"
expect_exit 0 "check --update, no expect" "$W" check --update "$T/bare.yaml"
cmp -s "$T/bare.yaml" "$T/now.yaml" && ok || bad "check --update did not append the expect block"
# bad expectations are located
sed '/wonders_set2.tikal/s/to: \[Red\]}/to: [Nobody]}/' "$T/now.yaml" > "$T/who.yaml"
expect_exit 1 "expect: unknown player" "$W" check "$T/who.yaml"
col=$(awk '/Nobody/ { print index($0, "Nobody") }' "$T/who.yaml")
expect_out "expect: unknown player" "who.yaml:$line_event:$col: error: to: 'Nobody' is not a player of this record"
sed "s/scores: {Red: $red,/scores: {Green: $red,/" "$T/now.yaml" > "$T/who.yaml"
expect_exit 1 "expect: unknown score key" "$W" check "$T/who.yaml"
expect_out "expect: unknown score key" "who.yaml:$line_score:"
sed 's/turn: 12, reason: wonders_set2.tikal/turn: soon, reason: wonders_set2.tikal/' "$T/now.yaml" > "$T/when.yaml"
expect_exit 1 "expect: bad turn" "$W" check "$T/when.yaml"
expect_out "expect: bad turn" "when.yaml:$line_event:"

# text from a record never reaches the terminal raw: "\e" in double quotes is an ESC
printf 'format: 1\nsetup:\n  players: ["Re\\e[31md", Blue]\n' > "$T/esc.yaml"
expect_exit 1 "a control byte in a name" "$W" score "$T/esc.yaml"
expect_out "a control byte in a name" 'esc.yaml:3:13: error: player name: control character \x1b in a name'
tr -d '\033' < "$T/out" | cmp -s - "$T/out" && ok || bad "an ESC reached the output"

# simulate on several threads: the same results
expect_exit 0 "simulate into sj1.yaml" "$W" simulate --games 40 --players 3 --seats planner,greedy,random --seed 3 --jobs 1 --format yaml
cp "$T/out" "$T/sj1.yaml"
expect_exit 0 "simulate into sj2.yaml" "$W" simulate --games 40 --players 3 --seats planner,greedy,random --seed 3 --jobs 2 --format yaml
cp "$T/out" "$T/sj2.yaml"
cmp -s "$T/sj1.yaml" "$T/sj2.yaml" && grep -q "games: 40" "$T/sj1.yaml" && ok || bad "simulate: 2 threads gave other results than 1"
expect_exit 2 "simulate --jobs 0" "$W" simulate --games 2 --jobs 0

# the balance lab (docs/balance.md): paired games, the same whatever the
# threads or shards, shards from Slurm or Kubernetes, refusals that say why
B="balance --games 8 --players 2 --seats random,random --wonders alhambra,tikal,stonehenge"
expect_exit 0 "balance" "$W" $B --jobs 1
expect_out "balance" "8 paired games, 2 players (seats: random,random; rules: none), each wonder against none"
cp "$T/out" "$T/bal-table"
# the calibration: with no baseline, on the tile set's first wonder's tile
first_id=$(head -1 "$T/wonder-ids")
first_name=$("$W" moves tests/positions/tikal.yaml --tile "$first_id" 2>&1 | sed -n 's/^[0-9]* legal placements of [^ ]* (\(.*\)):$/\1/p')
[ -n "$first_id" ] && [ -n "$first_name" ] && ok || bad "the tile set's first wonder: no id or name"
# the curve by default: a row a reference, at 5, 10, 20 and 40 points
for f in 5 10 20 40; do
    expect_out "balance, the reference at $f" "ref  $f flat points"
done
expect_out "balance, the curve" "ref: the calibration, 5, 10, 20 and 40 points at the end on $first_name's tile"
expect_out "balance, equivalent flat points" "flat points (95% CI)"
expect_exit 0 "balance, a baseline's reference" "$W" balance --games 4 --players 2 --seats random,random \
    --wonders tikal --baseline alhambra
expect_out "balance, a baseline's reference" "40 points at the end on Alhambra's tile against that tile"
# the one-point calibration of old, and none
expect_exit 0 "balance --calibration point" "$W" $B --calibration point
expect_out "balance --calibration point" "ref  flat points"
expect_out "balance --calibration point" "ref: the calibration, 10 points at the end on $first_name's tile"
[ "$(grep -c '^ref ' "$T/out")" = 1 ] && ok || bad "balance --calibration point: not one reference row"
cp "$T/out" "$T/bal-point"
expect_exit 0 "balance --calibration none" "$W" $B --calibration none
expect_out "balance --calibration none" "flat points: none (--calibration none: no reference played)."
grep -q '^ref ' "$T/out" && bad "balance --calibration none: a reference row" || ok
# the tile's and effect's margins do not depend on the calibration: the same
# games (the columns: the tile's margin, then after the win rate and the
# flat points -- three fields, or one "n/a" -- the effect's margin)
cp "$T/out" "$T/bal-none"
for cal in curve point none; do
    [ "$cal" = curve ] && table="$T/bal-table" || table="$T/bal-$cal"
    grep -E '^[0-9]+ +[A-Z]' "$table" | awk '{ f = $9 == "n/a" ? 10 : 12; print $3, $4, $5, $f, $(f + 1), $(f + 2) }' \
        > "$T/cols-$cal"
done
[ -s "$T/cols-curve" ] && cmp -s "$T/cols-curve" "$T/cols-point" && cmp -s "$T/cols-curve" "$T/cols-none" && ok \
    || bad "balance: the margins differ with the calibration"
expect_exit 2 "balance --calibration other" "$W" $B --calibration spline
expect_out "balance --calibration other" "wonders: --calibration spline: expected curve, point or none"
expect_exit 2 "balance --merge --calibration" "$W" balance --merge "$T/nothing.yaml" --calibration point
expect_out "balance --merge --calibration" "merged results keep the calibration they were played with"
expect_exit 0 "balance, 2 threads" "$W" $B --jobs 2
cmp -s "$T/out" "$T/bal-table" && ok || bad "balance: 2 threads gave other results than 1"
expect_exit 0 "balance yaml" "$W" $B --format yaml
cp "$T/out" "$T/bal-whole.yaml"
expect_out "balance yaml, the reference" "    calibration: curve"
expect_out "balance yaml, the reference" "    geometry: $first_id"
expect_out "balance yaml, the references" "      - {flat: 5, d: "
expect_out "balance yaml, the references" "      - {flat: 40, d: "
expect_out "balance yaml, the covariance" ", dr: ["
expect_out "balance yaml, the effect's sums" ", e: "
expect_out "balance yaml, the effect's sums" ", er: ["
# two worths a wonder: the tile's and the effect's; the ranking by the
# effect's unless --rank tile (the same games: the same rows, reordered)
for what in "tile: margin gain (95% CI)" "effect: margin gain (95% CI)" "ranked by the effect's gain"; do
    grep -qF "$what" "$T/bal-table" && ok || bad "balance, the tile and the effect: the table lacks '$what'"
done
expect_exit 0 "balance --rank tile" "$W" $B --rank tile
expect_out "balance --rank tile" "ranked by the tile's gain"
ROW='^[0-9]+ +[A-Z]' # a wonder's row: its rank, its name
grep -E "$ROW" "$T/out" | sed 's/^[0-9]* *//' | sort > "$T/rows-tile"
grep -E "$ROW" "$T/bal-table" | sed 's/^[0-9]* *//' | sort > "$T/rows-effect"
cmp -s "$T/rows-tile" "$T/rows-effect" && ok || bad "balance --rank tile: other numbers than --rank effect"
[ "$(grep -cE "$ROW" "$T/out")" = 3 ] && ok || bad "balance --rank tile: not one row a wonder"
# ranked by the tile's margin gain: the second column's means do not rise
grep -E "$ROW" "$T/out" | awk '{ print $3 }' | sed 's/^+//' > "$T/tile-gains"
sort -g -r "$T/tile-gains" | cmp -s - "$T/tile-gains" && ok || bad "balance --rank tile: not ordered by the tile's gain"
expect_exit 2 "balance --rank other" "$W" $B --rank points
expect_out "balance --rank other" "wonders: --rank points: expected effect or tile"
expect_exit 0 "balance into bal0.yaml" "$W" $B --format yaml --shard 0/2
cp "$T/out" "$T/bal0.yaml"
expect_exit 0 "balance into bal1.yaml" env SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=2 "$W" $B --format yaml --shard auto
cp "$T/out" "$T/bal1.yaml"
expect_exit 0 "balance merge" "$W" balance --merge "$T/bal0.yaml" "$T/bal1.yaml"
cmp -s "$T/out" "$T/bal-table" && ok || bad "balance: shards merged differ from the whole run"
expect_exit 0 "balance into bal1k.yaml" env JOB_COMPLETION_INDEX=1 "$W" $B --format yaml --shard auto/2
cp "$T/out" "$T/bal1k.yaml"
cmp -s "$T/bal1.yaml" "$T/bal1k.yaml" && ok || bad "balance: a Kubernetes shard differs from the Slurm one"
expect_exit 1 "balance merge, a shard twice" "$W" balance --merge "$T/bal0.yaml" "$T/bal0.yaml"
expect_out "balance merge, a shard twice" "the same shard twice"
expect_exit 0 "balance into bal3.yaml" "$W" balance --games 8 --players 3 --seats random,random,random \
    --wonders alhambra,tikal,stonehenge --format yaml --shard 1/2
cp "$T/out" "$T/bal3.yaml"
expect_exit 1 "balance merge, other players" "$W" balance --merge "$T/bal0.yaml" "$T/bal3.yaml"
expect_out "balance merge, other players" "does not merge with $T/bal0.yaml: the players differ"
sed 's/^  tileset: .*/  tileset: 1/' "$T/bal1.yaml" > "$T/bal1t.yaml"
expect_exit 1 "balance merge, another tile set" "$W" balance --merge "$T/bal0.yaml" "$T/bal1t.yaml"
expect_out "balance merge, another tile set" "the tile set differ"
sed '/^  reference:/,/^  wonders:/{/^  wonders:/!d;}' "$T/bal1.yaml" > "$T/bal1r.yaml"
expect_exit 1 "balance merge, no reference" "$W" balance --merge "$T/bal0.yaml" "$T/bal1r.yaml"
expect_out "balance merge, no reference" "balance results need every key"
sed 's/^    geometry: .*/    geometry: wonders_set1.tikal/' "$T/bal1.yaml" > "$T/bal1g.yaml"
expect_exit 1 "balance merge, another reference" "$W" balance --merge "$T/bal0.yaml" "$T/bal1g.yaml"
expect_out "balance merge, another reference" "the reference differ"
expect_exit 0 "balance into bal1p.yaml" "$W" $B --format yaml --shard 1/2 --calibration point
cp "$T/out" "$T/bal1p.yaml"
expect_exit 1 "balance merge, another calibration" "$W" balance --merge "$T/bal0.yaml" "$T/bal1p.yaml"
expect_out "balance merge, another calibration" "the reference differ"
# a reference's sums that do not hold together: located refusals
sed 's/^\(      - {flat: 5, d: [-0-9]*, d2: [0-9]*, points: [-0-9]*, placed: [0-9]*, rp: [-0-9]*, rr: \[\)[-0-9]*/\17/' \
    "$T/bal1.yaml" > "$T/bal1rr.yaml"
expect_exit 1 "balance merge, a reference's rr" "$W" balance --merge "$T/bal0.yaml" "$T/bal1rr.yaml"
expect_out "balance merge, a reference's rr" "reference 5: rr's own entry is not its d2"
sed 's/^\(       placed: .*\), dr: \[[^]]*\]/\1, dr: [1]/' "$T/bal1.yaml" > "$T/bal1dr.yaml"
expect_exit 1 "balance merge, a short dr" "$W" balance --merge "$T/bal0.yaml" "$T/bal1dr.yaml"
expect_out "balance merge, a short dr" "dr and er need 4 numbers each"
sed 's/^    calibration: curve/    calibration: spline/' "$T/bal1.yaml" > "$T/bal1c.yaml"
expect_exit 1 "balance merge, an unknown calibration" "$W" balance --merge "$T/bal0.yaml" "$T/bal1c.yaml"
expect_out "balance merge, an unknown calibration" "calibration: 'spline': expected curve, point or none"
expect_exit 2 "balance, an unknown wonder" "$W" balance --games 2 --wonders eiffel_tower
expect_out "balance, an unknown wonder" "--wonders: no wonder 'eiffel_tower' (the wonders: "
# it lists every wonder of the tile set, the named ones among them
listed=$(sed -n 's/.*(the wonders: \(.*\))$/\1/p' "$T/out" | tr -d ' ' | tr ',' '\n')
[ "$(echo "$listed" | grep -c .)" = "$n_wonders" ] && echo "$listed" | grep -qx wonders_set1.stonehenge \
    && echo "$listed" | grep -qx wonders_set2.terracotta_army && ok \
    || bad "balance, an unknown wonder: the list is not the tile set's $n_wonders wonders"
expect_exit 2 "balance: a Slurm index out of range" env SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_COUNT=2 "$W" $B --shard auto
expect_out "balance: a Slurm index out of range" "shard index 5 is out of range 0..1"
env -u SLURM_ARRAY_TASK_ID -u JOB_COMPLETION_INDEX "$W" $B --shard auto/2 > "$T/out" 2>&1
[ $? = 2 ] && grep -q "neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set" "$T/out" && ok \
    || bad "balance: --shard auto/N without an index"
expect_exit 2 "balance, shard out of range" "$W" $B --shard 2/2
expect_exit 2 "balance without --games" "$W" balance
# the report: one page, the same bytes for the same run, drawn by a real
# browser -- the title in its DOM, the bars' colours among its pixels
mkdir "$T/report" "$T/report2"
expect_exit 0 "balance --report" "$W" $B --report "$T/report"
expect_exit 0 "balance --report again" "$W" $B --jobs 2 --report "$T/report2"
cmp -s "$T/report/index.html" "$T/report2/index.html" && ok || bad "balance: the same run wrote another report"
ls "$T/report" | grep -qv '^index.html$' && bad "balance: the report left another file" || ok
xmllint --html --noout "$T/report/index.html" 2>/dev/null && ok || bad "balance: the report is not valid HTML"
if command -v chromium > /dev/null 2>&1 && [ -x /usr/bin/convert ]; then
    timeout 120 chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$T/report/index.html" > "$T/dom.html" 2>/dev/null
    grep -q '<h1>Balance of the wonders</h1>' "$T/dom.html" && ok || bad "balance: the browser shows no title"
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size=1100,2600 --screenshot="$T/report.png" "file://$T/report/index.html" > /dev/null 2>&1
    colours=$(/usr/bin/convert "$T/report.png" -format %c histogram:info:- 2>/dev/null)
    # the reference's row (its bar may be empty: random players seldom place a wonder)
    for f in 5 10 20 40; do
        grep -q "reference: $f flat points" "$T/dom.html" && ok || bad "balance: the ranking shows no reference at $f"
    done
    for c in 3B7DD8 6A9F3A; do # the bars of the ranking and margins, and of the effect points
        n=$(echo "$colours" | grep -i "#$c" | sed 's/^ *\([0-9]*\):.*/\1/')
        [ "${n:-0}" -gt 500 ] && ok || bad "balance: the report's #$c bars are not drawn (${n:-0} pixels)"
    done
    # the calibration curve, drawn where the references gained (greedy seats reach the track)
    mkdir "$T/report3"
    expect_exit 0 "balance --report, a curve" "$W" balance --games 6 --players 2 --seats greedy,greedy \
        --wonders tikal,alhambra --report "$T/report3"
    timeout 120 chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$T/report3/index.html" > "$T/dom3.html" 2>/dev/null
    grep -q 'class="chart curve"' "$T/dom3.html" && ok || bad "balance: the report draws no calibration curve"
    [ "$(grep -c '<g class="wonder">' "$T/dom3.html")" = 2 ] && ok || bad "balance: the curve does not place both wonders"
    [ "$(grep -c '<g class="reference">' "$T/dom3.html")" = 4 ] && ok || bad "balance: the curve does not show 4 references"
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size=1100,2600 --screenshot="$T/report3.png" "file://$T/report3/index.html" > /dev/null 2>&1
    n=$(/usr/bin/convert "$T/report3.png" -format %c histogram:info:- 2>/dev/null | grep -i "#8A6FB0" | sed 's/^ *\([0-9]*\):.*/\1/')
    [ "${n:-0}" -gt 500 ] && ok || bad "balance: the curve and references are not drawn (${n:-0} pixels of #8A6FB0)"
else
    skip "the balance report in a browser" "chromium or ImageMagick's convert is not installed (.ci/deps.sh)"
fi
# --report DIR creates DIR and the missing folders above it, as mkdir -p,
# once the results are in; a path through a file is refused before the games
expect_exit 0 "balance --report into new folders" "$W" $B --report "$T/none/where"
[ -f "$T/none/where/index.html" ] && ok || bad "balance --report did not create its folders"
echo "a file" > "$T/afile"
expect_exit 2 "balance --report under a file" "$W" $B --report "$T/afile/where"
expect_out "balance --report under a file" "wonders: --report $T/afile/where: '$T/afile' is not a folder"
grep -q "paired games" "$T/out" && bad "balance --report under a file: the games were played first" || ok
expect_exit 2 "balance --report, a missing record to merge" "$W" balance --merge "$T/nothing.yaml" --report "$T/made"
[ -e "$T/made" ] && bad "balance --merge that failed created its report folder" || ok
expect_exit 0 "balance --merge --report" "$W" balance --merge "$T/bal0.yaml" "$T/bal1.yaml" --report "$T/report2"
grep -q '<tr><th>shards</th><td>2</td></tr>' "$T/report2/index.html" && ok || bad "balance: the merged report does not say its 2 shards"

# the progress line (games done, rate, time left): on a terminal only
# (a duel counts its games, two a deal: 8 games are 4 deals)
for cmd in "balance --games 4 --players 2 --format yaml" "simulate --games 8 --players 2 --seats planner,greedy --format yaml" \
           "duel --games 8 --seats greedy,random"; do
    script -q -e -c "$W $cmd" /dev/null > "$T/tty.txt" 2>&1
    got=$?
    [ "$got" = 0 ] && ok || bad "${cmd%% *} on a terminal: exit $got, expected 0"
    tr '\r' '\n' < "$T/tty.txt" | grep -aq '] [48]/[48] games, [0-9.]* games/s, [0-9]* s left' && ok \
        || bad "${cmd%% *}: no progress line on a terminal"
    tr '\r' '\n' < "$T/tty.txt" | grep -a ' games, [0-9.]* games/s' | tail -1 | grep -aq '\] \([48]\)/\1 games' && ok \
        || bad "${cmd%% *}: the progress line does not end at every game done"
    tr '\r' '\n' < "$T/tty.txt" | grep -aq '\] [0-7]/[48] games, 0\.0 games/s' && bad "${cmd%% *}: a rate of 0 games/s said before one was measured" || ok
    "$W" $cmd > /dev/null 2> "$T/quiet.err"
    got=$?
    [ "$got" = 0 ] && [ ! -s "$T/quiet.err" ] && ok || bad "${cmd%% *} with no terminal: exit $got (expected 0), or a progress line"
done

# Ctrl-C: the games finished, said to be partial, exit 1
timeout --preserve-status -s INT 2 "$W" balance --games 1000000 --players 2 --format yaml > "$T/int.yaml" 2> "$T/int.err"
[ $? = 1 ] && grep -q '^  partial: true$' "$T/int.yaml" && ok || bad "balance: Ctrl-C did not end with partial results"
expect_exit 0 "balance: partial results read back" "$W" balance --merge "$T/int.yaml"
expect_out "balance: partial results read back" "(interrupted: partial)"
# the local recipe of docs/balance.md: shards side by side with GNU parallel
parallel --will-cite "$W" $B --format yaml --shard {}/2 '>' "$T/par{}.yaml" ::: 0 1 && ok || bad "parallel shards failed"
expect_exit 0 "balance merge of parallel shards" "$W" balance --merge "$T/par0.yaml" "$T/par1.yaml"
cmp -s "$T/out" "$T/bal-table" && ok || bad "balance: parallel shards differ from the whole run"

# what the fuzz targets once failed on (tests/fuzz/regressions/): each input
# ends with the exact status its folder's expected-status gives it, and every
# input of the folder is replayed
replayed=0
# listed FOLDER: the inputs of a regressions folder, as its manifest names them
listed() { ls "tests/fuzz/regressions/$1" | grep -cv '^README.md$\|^expected-status$'; }
# status WANT NAME: the last command's $got is WANT
status() { if [ "$got" = "$1" ]; then ok; else bad "fuzz regression $2: exit $got, expected $1"; tail -3 "$T/out"; fi; }
n=0
while read -r input score check; do
    case $input in '#'*|'') continue ;; esac
    f=tests/fuzz/regressions/records/$input
    $W score "$f" > "$T/out" 2>&1; got=$?; status "$score" "$f (score)"
    $W check "$f" > "$T/out" 2>&1; got=$?; status "$check" "$f (check)"
    n=$((n + 1))
done < tests/fuzz/regressions/records/expected-status
[ "$n" = "$(listed records)" ] && [ "$n" -gt 0 ] && ok || bad "fuzz regressions: replayed $n records of $(listed records)"
replayed=$((replayed + n))
n=0
while read -r input want; do
    case $input in '#'*|'') continue ;; esac
    f=tests/fuzz/regressions/results/$input
    $W simulate --merge "$f" > "$T/out" 2>&1; got=$?; status "$want" "$f (simulate --merge)"
    n=$((n + 1))
done < tests/fuzz/regressions/results/expected-status
[ "$n" = "$(listed results)" ] && [ "$n" -gt 0 ] && ok || bad "fuzz regressions: replayed $n results of $(listed results)"
replayed=$((replayed + n))
n=0
while read -r input s_wonders s_packs s_seats s_shard s_tile; do
    case $input in '#'*|'') continue ;; esac
    f=tests/fuzz/regressions/wonders-cli/$input
    v=$(cat "$f")
    for pair in "--wonders $s_wonders" "--packs $s_packs" "--seats $s_seats" "--shard $s_shard"; do
        timeout 60 $W simulate --games 1 ${pair% *} "$v" > "$T/out" 2>&1; got=$?
        status "${pair#* }" "$f (simulate ${pair% *})"
    done
    $W moves tests/positions/tikal.yaml --tile "$v" > "$T/out" 2>&1; got=$?; status "$s_tile" "$f (moves --tile)"
    n=$((n + 1))
done < tests/fuzz/regressions/wonders-cli/expected-status
[ "$n" = "$(listed wonders-cli)" ] && [ "$n" -gt 0 ] && ok \
    || bad "fuzz regressions: replayed $n wonders-cli inputs of $(listed wonders-cli)"
replayed=$((replayed + n))
echo "fuzz regressions replayed: $replayed (records, results, wonders-cli)"

# ---- The Tower (docs/rules.md, "The Tower"; docs/records.md) ---------------
# Its record fields refused at their line and turn when the rules forbid
# them, each made from a position that passes (tests/positions/tower-*.yaml).
P=tests/positions/tower-capture-and-ransom.yaml
P2=tests/positions/tower-exchange-and-reopen.yaml
P3=tests/positions/tower-reaches-a-whole-wonder.yaml
grep -q 'floor: {at: \[0, 1\], take: \[0, 2\], feature: m}' "$P" && grep -q 'close: {at: \[0, 1\]}' "$P2" \
    && grep -q 'meeples: \[town\]}' "$P3" && ok || bad "the tower positions lost the turns the refusals change"
sed 's/^  rules: \[tower\]/  rules: []/' "$P" > "$T/tw-norule.yaml"
expect_exit 1 "a floor without the rule" "$W" score "$T/tw-norule.yaml"
expect_out "a floor without the rule" "tw-norule.yaml:24:56: error: turn 2: no tower floor at (0, 1): not instead of a figure or another action, or the rule tower is not played (TW2)"
sed 's/floor: {at: \[0, 1\], take: \[0, 2\], feature: m}/floor: {at: [0, 2], take: [0, 2], feature: m}/' "$P" > "$T/tw-nofoundation.yaml"
expect_exit 1 "a floor on no foundation" "$W" score "$T/tw-nofoundation.yaml"
expect_out "a floor on no foundation" "tw-nofoundation.yaml:26:53: error: turn 4: no tower floor at (0, 2): that tile has no tower foundation"
sed 's/floor: {at: \[0, 1\]}}/floor: {at: [0, 1]}, meeples: [f]}/' "$P" > "$T/tw-both.yaml"
expect_exit 1 "a floor and a figure (TW2)" "$W" score "$T/tw-both.yaml"
expect_out "a floor and a figure (TW2)" "tw-both.yaml:24:56: error: floor: a tower floor is the turn's action: no figure, fairy, abbot or other tower move then"
sed 's/rotation: 180, meeples: \[c\]}/rotation: 180}/' "$P" > "$T/tw-poor.yaml"
expect_exit 1 "a ransom below 3 points (TW10)" "$W" score "$T/tw-poor.yaml"
expect_out "a ransom below 3 points (TW10)" "tw-poor.yaml:27:67: error: turn 5: ransom: fewer than 3 points (TW10)"
sed 's/floor: {at: \[0, 1\]}}/close: {at: [0, 1]}}/' "$P" > "$T/tw-bare.yaml"
expect_exit 1 "a bare foundation closed (TW3)" "$W" score "$T/tw-bare.yaml"
expect_out "a bare foundation closed (TW3)" "tw-bare.yaml:24:56: error: turn 2: no tower closed at (0, 1): a bare foundation cannot be closed (TW3)"
sed 's/{tile: tower.TW03, at: \[0, 3\], rotation: 0, meeples: \[m\]}/{tile: tower.TW03, at: [0, 3], rotation: 0, floor: {at: [0, 1]}}/' "$P2" > "$T/tw-closed.yaml"
expect_exit 1 "a floor on a closed tower (TW11)" "$W" score "$T/tw-closed.yaml"
expect_out "a floor on a closed tower (TW11)" "tw-closed.yaml:35:56: error: turn 6: no tower floor at (0, 1): its tower is closed (TW11)"
sed 's/floor: {at: \[0, 3\], take: \[0, 3\], feature: m}/floor: {at: [0, 3], take: [1, 0], feature: r}/' "$P2" > "$T/tw-far.yaml"
expect_exit 1 "a capture out of reach (TW6)" "$W" score "$T/tw-far.yaml"
expect_out "a capture out of reach (TW6)" "tw-far.yaml:36:52: error: turn 7: no tower floor at (0, 3): the follower taken is out of the tower's reach (TW6)"
sed 's/meeples: \[town\]}/meeples: [town], floor: {at: [0, 1]}}/' "$P3" > "$T/tw-wonder.yaml"
expect_exit 1 "a floor instead of a wonder's second meeple (W-G4)" "$W" score "$T/tw-wonder.yaml"
expect_out "a floor instead of a wonder's second meeple (W-G4)" "tw-wonder.yaml:22:86: error: floor: a tower floor is the turn's action"
# A whole game with the box: every seat kind takes tower moves, and the
# replay of each record gives the breakdown play printed.
for seats in random greedy planner; do
    expect_exit 0 "a tower game, $seats seats" "$W" play --players 2 --packs base,tower --rules tower \
        --seats "$seats,$seats" --seed 4 --record "$T/tower-$seats.yaml"
    sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/tower-play"
    grep -q '^  floor: ' "$T/tower-$seats.yaml" && ok || bad "the $seats tower game built no floor"
    expect_exit 0 "replay the $seats tower game" "$W" score "$T/tower-$seats.yaml"
    sed -n '/roads *cities/,/^$/p' "$T/out" > "$T/tower-score"
    [ -s "$T/tower-play" ] && cmp -s "$T/tower-play" "$T/tower-score" && ok \
        || bad "the replay of the $seats tower game disagrees with the game"
done

finish
