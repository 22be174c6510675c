/*
** fuzz_wonders_cli.c -- libFuzzer entry point for the values `wonders`
** takes on its command line: every argument of the input (split at
** newlines) goes through each parser of runtime/cli/options.c -- numbers
** and their ranges, --shard I/N, --seats, --wonders (all, a count, ids, bare
** ids), --packs, --tile -- and --rules.  main.c is included as the command
** is built; the commands themselves (a game, a simulation) are not run.
*/
#define main wonders_main
#include "../../runtime/cli/main.c"
#undef main
#include "argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_argv_quiet();
    fuzz_argv a;
    if (!fuzz_argv_split(&a, "wonders", data, size))
        return 0;
    for (int i = 1; i < a.argc; i++) {
        const char *v = a.argv[i];
        long n;
        int shard, shards, per_game, count;
        wr_opt_option_number("play", "--players", v, 2, 6, &n);
        wr_opt_option_number("simulate", "--games", v, 1, 1000000000L, &n);
        if (wr_opt_shard_of(v, &shard, &shards) && (shard < 0 || shard >= shards))
            __builtin_trap();
        wr_kind_t kinds[WH_MAX_PLAYERS];
        wr_opt_seats_of(v, 2 + i % 5, WR_RANDOM, kinds);
        uint16_t wonders[WR_MAX_WONDERS];
        if (wr_opt_parse_wonders(v, wonders, &count, &per_game)) {
            if (count < 0 || count > WR_MAX_WONDERS || per_game < 0 || per_game > count)
                __builtin_trap();
            for (int k = 0; k < count; k++)
                if (wonders[k] >= wh_tileset.n_tiles || wh_tileset.tiles[wonders[k]].kind != WH_TILE_WONDER)
                    __builtin_trap();
        }
        uint32_t packs[WR_MAX_PACKS];
        size_t n_packs;
        wr_record rec;
        wr_record_init(&rec, 2);
        if (wr_opt_parse_packs(v, packs, &n_packs, &rec) && (n_packs == 0 || n_packs > WR_MAX_PACKS))
            __builtin_trap();
        wr_record_free(&rec);
        wh_rules_t rules;
        if (wr_opt_rules(v, &rules) && (rules & ~WH_RULES_ALL))
            __builtin_trap();
        int t = wr_opt_tile_named(i % 2 ? "--tile" : "--wonders", v, i % 2 == 0);
        if (t >= (int)wh_tileset.n_tiles)
            __builtin_trap();
    }
    free(a.text);
    return 0;
}
