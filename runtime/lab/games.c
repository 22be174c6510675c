/* games.c -- a run's games shared among threads; see games.h. */
#define _POSIX_C_SOURCE 200809L
#include "games.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
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

wr_lab_status wr_run_games(const wr_run *run, wr_game_fn play, void *workers, size_t worker_size, const char *who,
                           char *problem)
{
    atomic_ullong done = 0;
    atomic_int finished = 0;
    int jobs = wr_run_jobs(run);
    thread_share *shares = calloc((size_t)jobs, sizeof *shares);
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    if (!shares || !threads) {
        free(shares);
        free(threads);
        return WR_LAB_NO_MEMORY;
    }
    int started = 0;
    wr_lab_status status = WR_LAB_OK;
    for (int j = 0; j < jobs; j++) {
        shares[j] = (thread_share){run, play, (char *)workers + (size_t)j * worker_size, j, jobs, &done, &finished};
        if (pthread_create(&threads[j], NULL, play_share, &shares[j]) != 0) {
            snprintf(problem, WR_LAB_PROBLEM, "%s: cannot start thread %d", who, j + 1);
            status = WR_LAB_FAILED;
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
        run->progress(run->progress_ctx, atomic_load(&done), share, seconds_now() - t0, last);
        struct timespec nap = {0, 200000000};
        if (!last)
            nanosleep(&nap, NULL);
    }
    for (int j = 0; j < started; j++)
        pthread_join(threads[j], NULL);
    free(shares);
    free(threads);
    return status;
}
