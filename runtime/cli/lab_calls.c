/* lab_calls.c -- the command's side of a call into the lab; see lab_calls.h. */
#include "lab_calls.h"
#include "../common/xalloc.h"

#include <unistd.h>

static void progress_line(void *ctx, uint64_t done, uint64_t share, double seconds, bool last)
{
    (void)ctx;
    unsigned long long n = done;
    double rate = seconds >= 0.1 ? (double)n / seconds : 0; /* none before a tenth of a second */
    int width = 30, filled = (int)((uint64_t)width * n / (share ? share : 1));
    fprintf(stderr, "\r[%.*s%*s] %llu/%llu games, %.1f games/s, %.0f s left   ", filled,
            "##############################", width - filled, "", n, (unsigned long long)share, rate,
            rate > 0 ? (double)(share - n) / rate : 0.0);
    if (last)
        fputc('\n', stderr);
}

void wr_show_progress(wr_run *run)
{
    run->progress = isatty(STDERR_FILENO) ? progress_line : NULL;
    run->progress_ctx = NULL;
}

bool wr_lab_ok(wr_lab_status status, const char *problem, FILE *err)
{
    if (status == WR_LAB_NO_MEMORY)
        wu_out_of_memory();
    if (status != WR_LAB_OK)
        fprintf(err, "wonders: %s\n", problem);
    return status == WR_LAB_OK;
}
