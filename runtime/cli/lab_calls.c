/* lab_calls.c -- the command's side of a call into the lab; see lab_calls.h. */
#include "lab_calls.h"
#include "../common/xalloc.h"

#include <unistd.h>

/* The line's rate and time left, once a game done and a tenth of a
** second have measured the rate (the last line always has them); ""
** before: "0.0 games/s, 0 s left" would say the run is over. */
static const char *rate_text(uint64_t done, uint64_t share, double seconds, bool last, char *buf, size_t size)
{
    if ((seconds < 0.1 || done == 0) && !last)
        return "";
    double rate = seconds > 0 ? (double)done / seconds : 0;
    snprintf(buf, size, ", %.1f games/s, %.0f s left", rate, rate > 0 ? (double)(share - done) / rate : 0.0);
    return buf;
}

static void progress_line(void *ctx, uint64_t done, uint64_t share, double seconds, bool last)
{
    (void)ctx;
    int width = 30, filled = (int)((uint64_t)width * done / (share ? share : 1));
    char rate[64];
    fprintf(stderr, "\r[%.*s%*s] %llu/%llu games%s   ", filled, "##############################", width - filled, "",
            (unsigned long long)done, (unsigned long long)share, rate_text(done, share, seconds, last, rate, sizeof rate));
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
