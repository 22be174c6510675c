/* games.c -- a run's games shared among threads; see games.h. */
#define _POSIX_C_SOURCE 200809L
#include "games.h"
#include "../../compiler/common/xalloc.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

typedef struct thread_share {
    const wr_run *run;
    wr_game_fn play;
    void *worker;
    int index, jobs;        /* this thread's index, of jobs */
    atomic_ullong *done;    /* games played, by every thread */
    atomic_int *finished;   /* threads that have returned */
} thread_share;

int wr_run_jobs(const wr_run *run)
{
    return run->jobs > 0 ? run->jobs : 1;
}

uint64_t wr_run_share(const wr_run *run)
{
    uint64_t n = 0;
    for (uint64_t g = (uint64_t)run->shard; g < run->games; g += (uint64_t)run->shards)
        n++;
    return n;
}

static void *play_share(void *arg)
{
    thread_share *t = arg;
    const wr_run *run = t->run;
    uint64_t k = 0; /* the shard's games, counted */
    for (uint64_t g = (uint64_t)run->shard; g < run->games; g += (uint64_t)run->shards, k++) {
        if (k % (uint64_t)t->jobs != (uint64_t)t->index)
            continue;
        if ((run->stop && *run->stop) || !t->play(t->worker, g))
            break;
        atomic_fetch_add(t->done, 1);
    }
    atomic_fetch_add(t->finished, 1);
    return NULL;
}

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The progress line: a bar, the games done, the rate and the time left,
** counted in games (@p each per item of the run). */
static void show_progress(unsigned long long n, uint64_t share, int each, double seconds)
{
    n *= (unsigned long long)(each > 1 ? each : 1);
    share *= (uint64_t)(each > 1 ? each : 1);
    double rate = seconds >= 0.1 ? (double)n / seconds : 0; /* none before a tenth of a second */
    int width = 30, filled = (int)((uint64_t)width * n / (share ? share : 1));
    fprintf(stderr, "\r[%.*s%*s] %llu/%llu games, %.1f games/s, %.0f s left   ", filled,
            "##############################", width - filled, "", n, (unsigned long long)share, rate,
            rate > 0 ? (double)(share - n) / rate : 0.0);
}

bool wr_run_games(const wr_run *run, wr_game_fn play, void *workers, size_t worker_size, FILE *err,
                  const char *who)
{
    atomic_ullong done = 0;
    atomic_int finished = 0;
    int jobs = wr_run_jobs(run);
    thread_share *shares = wu_xcalloc((size_t)jobs, sizeof *shares);
    pthread_t *threads = wu_xcalloc((size_t)jobs, sizeof *threads);
    int started = 0;
    bool ok = true;
    for (int j = 0; j < jobs; j++) {
        shares[j] = (thread_share){run, play, (char *)workers + (size_t)j * worker_size, j, jobs, &done, &finished};
        if (pthread_create(&threads[j], NULL, play_share, &shares[j]) != 0) {
            fprintf(err, "wonders: %s: cannot start thread %d\n", who, j + 1);
            ok = false;
            break;
        }
        started++;
    }
    uint64_t share = wr_run_share(run);
    double t0 = seconds_now();
    /* until every thread has returned (one whose game failed never reaches
    ** its count), and once more after, to show where they ended */
    for (bool last = !run->progress; !last;) {
        last = atomic_load(&finished) >= started;
        show_progress(atomic_load(&done), share, run->games_each, seconds_now() - t0);
        struct timespec nap = {0, 200000000};
        if (!last)
            nanosleep(&nap, NULL);
    }
    for (int j = 0; j < started; j++)
        pthread_join(threads[j], NULL);
    if (run->progress)
        fputc('\n', stderr);
    free(shares);
    free(threads);
    return ok;
}
