/*
** fuzz_wonderc_cli.c -- libFuzzer entry point for wonderc's command line:
** the option parser of compiler/main.c, fed any argument list (the input,
** split at newlines: the command, then its arguments).  main.c is included
** so that its static parser is reached as the command reaches it.
*/
#define main wonderc_main
#include "../../compiler/main.c"
#undef main
#include "argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_argv_quiet();
    fuzz_argv a;
    if (!fuzz_argv_split(&a, "wonderc", data, size))
        return 0;
    options o;
    int status = parse_options(a.argc, a.argv, &o);
    /* -1: parsed, the command would run; otherwise an exit status, 0 or 2 */
    if (status != -1 && status != 0 && status != 2)
        __builtin_trap();
    free(o.files);
    free(o.ids);
    free(o.packs);
    free(a.text);
    return 0;
}
