#!/usr/bin/env python3
"""run.py -- mutation testing: a seeded sample of generated mutants of the
rules' files, each built and judged by the suites that judge the rules
(docs/testing.md, "Mutation testing").  `make mutants` runs it.

  run.py [--mutants N] [--seed S] [--jobs J] [--timeout SECONDS]
  run.py --list tests/mutants/list     the hand-written regression mutants

The files and their areas are tests/mutants/areas; the mutants are
generate.py's.  For each area in turn the sample takes that area's mutants
in a shuffled order (Random(seed)) until N / areas of them compile; one that
does not compile is skipped, one whose object code equals the original's is
equivalent (it cannot change a game) and is counted apart.  Each mutant's
file is compiled alone, into a scratch folder, and linked in place of its
object with the built build/rel objects (make passes their lists in
MUT_* variables), so a mutant costs one compile and two links.  Then, until
one fails:

  a runtime file    wonders check tests/positions/*.yaml; the unit tests
  a compiler file   wonderc check tiles/*.tiles; the tables it compiles from
                    tiles/ against generated/; the unit tests; tests/commands.sh

A failure, a crash or a run past the timeout kills the mutant.  It prints
every verdict, each area's kill rate with its 95% Wilson interval, every
survivor as FILE:LINE before -> after, and those survivors listed in
tests/mutants/equivalent (with the argument that no game can tell them from
the original), which the rates leave out.  Exit 1 when an area is below 90%.
"""
import argparse
import concurrent.futures
import fnmatch
import glob
import math
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True   # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
GOAL = 0.90


def read_areas(path):
    """[(area, [patterns])] and the patterns left out, from tests/mutants/areas."""
    areas, skip = [], []
    with open(path) as f:
        for line in f:
            words = line.split('#')[0].split()
            if not words:
                continue
            if words[0] == 'exclude':
                skip += words[1:]
            else:
                areas.append((words[0], words[1:]))
    return areas, skip


def area_of(path, areas, skip):
    if any(fnmatch.fnmatch(path, p) for p in skip):
        return None
    for name, patterns in areas:
        if any(fnmatch.fnmatch(path, p) for p in patterns):
            return name
    return None


def read_equivalent(path):
    """{(file, before, after): argument} from tests/mutants/equivalent."""
    known = {}
    if not os.path.exists(path):
        return known
    with open(path) as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            # the changed line may hold ' | ' itself: the file is before the
            # first, the argument after the last
            file, rest = line.split(' | ', 1)
            change, why = [x.strip() for x in rest.rsplit(' | ', 1)]
            file = file.strip()
            before, after = [x.strip() for x in change.split(' -> ', 1)]
            known[(file, before, after)] = why
    return known


def wilson(k, n, z=1.96):
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def mutated_text(m, src):
    if 'text' in m:
        return m['text']
    out, at = [], 0
    for s, e, text in m['edits']:
        out.append(src[at:s])
        out.append(text)
        at = e
    out.append(src[at:])
    return ''.join(out)


class Builder:
    """Compiles a mutant's file and links the programs that use it."""

    def __init__(self, root):
        self.root = root
        self.cc = os.environ.get('MUT_CC', 'cc')
        flags = os.environ.get('MUT_CFLAGS', '').split()
        # include paths from the top, whatever the folder a mutant compiles in
        self.cflags = [('-I' + os.path.join(root, f[2:])) if f.startswith('-I') else f for f in flags]
        self.progs = {}
        for prog in ('unit', 'wonders', 'wonderc'):
            # (each object once, as make's $^ has them)
            objs = list(dict.fromkeys(os.environ.get('MUT_%s_OBJS' % prog.upper(), '').split()))
            libs = os.environ.get('MUT_%s_LIBS' % prog.upper(), '').split()
            if not objs:
                sys.exit('mutants: MUT_%s_OBJS is not set (run it through make mutants)' % prog.upper())
            self.progs[prog] = (objs, libs)
        self.cache = tempfile.mkdtemp(prefix='wh-mutants-')
        self.lock = threading.Lock()
        self.pristine = {}

    def compile(self, file, text, out):
        """Compile @text as @file (its name as the build has it, for
        __FILE__) into @out: True when it compiled."""
        src_dir = tempfile.mkdtemp(dir=self.cache)
        path = os.path.join(src_dir, file)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as f:
            f.write(text)
        cmd = [self.cc] + self.cflags + ['-I' + os.path.join(self.root, os.path.dirname(file)),
                                         '-c', file, '-o', out]
        r = subprocess.run(cmd, cwd=src_dir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(src_dir, ignore_errors=True)
        return r.returncode == 0

    def same_as_original(self, file, obj):
        with self.lock:
            if file not in self.pristine:
                out = os.path.join(self.cache, file.replace('/', '_') + '.orig.o')
                with open(os.path.join(self.root, file)) as f:
                    ok = self.compile(file, f.read(), out)
                self.pristine[file] = open(out, 'rb').read() if ok else None
        with open(obj, 'rb') as f:
            return f.read() == self.pristine[file]

    def link(self, prog, file, obj, out):
        objs, libs = self.progs[prog]
        mine = 'build/rel/' + file[:-2] + '.o'
        if mine not in objs:
            return None   # the program does not use the file
        paths = [obj if o == mine else os.path.join(self.root, o) for o in objs]
        r = subprocess.run([self.cc, '-o', out] + paths + libs, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return r.returncode == 0


def judge(builder, m, src, timeout):
    """The verdict on mutant @m: ('killed', why), ('survived', ''),
    ('invalid', why) or ('same', '')."""
    root = builder.root
    work = tempfile.mkdtemp(dir=builder.cache)
    try:
        obj = os.path.join(work, 'mutant.o')
        if not builder.compile(m['file'], mutated_text(m, src), obj):
            return 'invalid', 'does not compile'
        if builder.same_as_original(m['file'], obj):
            return 'same', 'the same object code'
        bindir = os.path.join(work, 'bin')
        os.mkdir(bindir)
        # the unit tests find tests/ (and ../tiles) beside their folder
        os.symlink(os.path.join(root, 'tests'), os.path.join(work, 'tests'))
        os.symlink(os.path.join(root, 'tiles'), os.path.join(work, 'tiles'))
        compiler = m['file'].startswith('compiler/')
        built = {}
        steps = []
        tiles = sorted(glob.glob(os.path.join(root, 'tiles', '*.tiles')))
        if compiler:
            wc = os.path.join(bindir, 'wonderc')
            steps.append(('the shipped tiles', [wc, 'check'] + tiles, root))
            steps.append(('the tables', [wc, 'compile', '-o', os.path.join(work, 'gen')] + tiles, root))
            steps.append(('unit tests', [os.path.join(bindir, 'unit'), '--quiet'], work))
            steps.append(('commands', ['sh', 'tests/commands.sh', wc], root))
        else:
            steps.append(('positions', [os.path.join(bindir, 'wonders'), 'check']
                          + sorted(glob.glob(os.path.join(root, 'tests/positions/*.yaml'))), root))
            steps.append(('unit tests', [os.path.join(bindir, 'unit'), '--quiet'], work))
        for name, cmd, cwd in steps:
            needs = {'unit tests': 'unit', 'positions': 'wonders'}.get(name, 'wonderc')
            if needs not in built:   # linked when first needed: a mutant killed early costs one link
                built[needs] = builder.link(needs, m['file'], obj, os.path.join(bindir, needs))
                if built[needs] is False:
                    return 'invalid', 'does not link'
            if not built[needs]:
                continue   # the program does not use the file
            if name == 'the tables':
                os.mkdir(os.path.join(work, 'gen'))
            try:
                # A loop is stopped by the processor time it takes, whatever
                # the machine's load: the unit tests take 2 s of it, the
                # positions and the tables a fraction of one.  The wall
                # clock's limit is a backstop.
                cpu = timeout if name in ('unit tests', 'commands') else max(timeout // 3, 1)
                r = subprocess.run(['sh', '-c', 'ulimit -t %d && exec "$@"' % cpu, 'limit'] + cmd, cwd=cwd,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10 * timeout)
                if r.returncode in (-signal.SIGXCPU, 128 + signal.SIGXCPU, -signal.SIGKILL, 128 + signal.SIGKILL):
                    return 'killed', name + ': timeout'
            except subprocess.TimeoutExpired:
                return 'killed', name + ': timeout'
            if r.returncode != 0:
                return 'killed', name
            if name == 'the tables':
                for f in ('tiles.c', 'tiles.h'):
                    with open(os.path.join(work, 'gen', f), 'rb') as a, \
                            open(os.path.join(root, 'generated', f), 'rb') as b:
                        if a.read() != b.read():
                            return 'killed', 'the tables (generated/%s differs)' % f
        return 'survived', ''
    finally:
        shutil.rmtree(work, ignore_errors=True)


def rules_files(root, areas, skip):
    files = sorted(set(glob.glob('runtime/**/*.c', root_dir=root, recursive=True)
                       + glob.glob('compiler/**/*.c', root_dir=root, recursive=True)))
    return [(f, a) for f in files if (a := area_of(f, areas, skip))]


def list_mutants(root, path):
    """The regression mutants of tests/mutants/list: FILE | SED | rule."""
    found = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if line.startswith('#') or not line.strip():
                continue
            file, rest = line.rstrip('\n').split(' | ', 1)
            expr, rule = rest.rsplit(' | ', 1)
            with open(os.path.join(root, file)) as g:
                src = g.read()
            r = subprocess.run(['sed', '-e', expr], input=src, capture_output=True, text=True)
            old, new = src.split('\n'), r.stdout.split('\n')
            changed = [i for i in range(min(len(old), len(new))) if old[i] != new[i]]
            if r.returncode != 0 or len(old) != len(new) or len(changed) != 1:
                found.append({'file': file, 'line': n, 'op': 'list', 'bad': 'list line %d: changes %d lines'
                              % (n, len(changed)), 'before': rule, 'after': ''})
                continue
            i = changed[0]
            found.append({'file': file, 'line': i + 1, 'op': 'list', 'text': r.stdout, 'rule': rule,
                          'before': ' '.join(old[i].split()), 'after': ' '.join(new[i].split())})
    return found


def main():
    ap = argparse.ArgumentParser(description='mutation testing of the rules (docs/testing.md)')
    ap.add_argument('--mutants', type=int, default=int(os.environ.get('MUTANTS', '240')))
    ap.add_argument('--seed', type=int, default=int(os.environ.get('MUTANT_SEED', '1')))
    ap.add_argument('--jobs', type=int, default=int(os.environ.get('MUTANT_JOBS', '2')))
    ap.add_argument('--timeout', type=int, default=int(os.environ.get('MUTANT_TIMEOUT', '20')))
    ap.add_argument('--list', help='run the regression mutants of this list instead of a sample')
    ap.add_argument('--area', action='append', help='sample only this area (repeatable)')
    args = ap.parse_args()
    root = os.getcwd()
    areas, skip = read_areas(os.path.join(HERE, 'areas'))
    equivalent = read_equivalent(os.path.join(HERE, 'equivalent'))
    builder = Builder(root)
    start = time.time()
    sources = {}

    def source(file):
        if file not in sources:
            with open(os.path.join(root, file)) as f:
                sources[file] = f.read()
        return sources[file]

    files = rules_files(root, areas, skip)
    file_area = dict(files)
    if args.list:
        queues = {'list': list_mutants(root, args.list)}
        quota = {'list': len(queues['list'])}
        for m in queues['list']:
            if 'bad' in m:
                sys.exit('mutants: %s' % m['bad'])
    else:
        queues = {name: [] for name, _ in areas}
        for f, a in files:
            queues[a] += generate.mutants_of(f, source(f))
        if args.area:
            queues = {a: q for a, q in queues.items() if a in args.area}
        rng = random.Random(args.seed)
        for a in queues:
            rng.shuffle(queues[a])
        quota = {a: -(-args.mutants // len(queues)) for a in queues}
        print('mutants: %d generated over %d files; sampling %d an area (seed %d, %d jobs)'
              % (sum(len(q) for q in queues.values()), len(files), quota[next(iter(quota))], args.seed, args.jobs))
        sys.stdout.flush()

    results = {a: {} for a in queues}   # area -> {index: (verdict, why)}
    nexts = {a: 0 for a in queues}
    pending = {}

    def valid_done(a):
        return sum(1 for v, _ in results[a].values() if v in ('killed', 'survived'))

    def wanted(a):
        inflight = sum(1 for (b, _) in pending.values() if b == a)
        return valid_done(a) + inflight < quota[a] and nexts[a] < len(queues[a])

    partial = False
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    try:
        while True:
            while len(pending) < args.jobs:
                todo = [a for a in queues if wanted(a)]
                if not todo:
                    break
                a = min(todo, key=lambda x: valid_done(x) / max(quota[x], 1))
                i = nexts[a]
                nexts[a] += 1
                m = queues[a][i]
                pending[pool.submit(judge, builder, m, source(m['file']), args.timeout)] = (a, i)
            if not pending:
                break
            done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in done:
                a, i = pending.pop(fut)
                results[a][i] = fut.result()
                m = queues[a][i]
                v, why = results[a][i]
                if v in ('killed', 'survived'):
                    print('%-9s %s%s' % (v, generate.describe(m), ' [%s]' % why if why else ''))
                    sys.stdout.flush()
    except KeyboardInterrupt:
        # interrupted (Ctrl-C, or kill -INT): the report of the verdicts in
        partial = True
        pool.shutdown(wait=False, cancel_futures=True)
    else:
        pool.shutdown()

    status = report(queues, results, quota, equivalent, file_area, args, time.time() - start, partial)
    shutil.rmtree(builder.cache, ignore_errors=True)
    return status


def report(queues, results, quota, equivalent, file_area, args, elapsed, partial):
    print()
    status = 0
    survivors, argued = [], []
    rows = []
    total_k = total_n = 0
    for a in queues:
        # the first `quota` valid mutants in the sample's order: the same set
        # whatever the order the jobs finished in
        valid = [(i, results[a][i]) for i in sorted(results[a]) if results[a][i][0] in ('killed', 'survived')]
        valid = valid[:quota[a]]
        last = valid[-1][0] if valid else -1
        tried = [i for i in results[a] if i <= last]
        invalid = sum(1 for i in tried if results[a][i][0] == 'invalid')
        same = sum(1 for i in tried if results[a][i][0] == 'same')
        k = n = eq = 0
        for i, (v, _) in valid:
            m = queues[a][i]
            key = (m['file'], m['before'], m['after'])
            if v == 'survived' and key in equivalent:
                eq += 1
                argued.append((a, m, equivalent[key]))
                continue
            n += 1
            if v == 'killed':
                k += 1
            else:
                survivors.append((a, m))
        lo, hi = wilson(k, n)
        rate = k / n if n else 0.0
        total_k += k
        total_n += n
        rows.append((a, k, n, rate, lo, hi, eq, same, invalid))
        if n == 0 or rate < GOAL:
            status = 1
    print('%-18s %7s %6s  %-18s %10s %13s %14s' % ('area', 'killed', 'of', 'rate (95% Wilson)', 'equivalent',
                                                  'same object', 'not compiling'))
    for a, k, n, rate, lo, hi, eq, same, invalid in rows:
        print('%-18s %7d %6d  %5.1f%% [%4.1f, %5.1f] %10d %13d %14d'
              % (a, k, n, 100 * rate, 100 * lo, 100 * hi, eq, same, invalid))
    lo, hi = wilson(total_k, total_n)
    print('%-18s %7d %6d  %5.1f%% [%4.1f, %5.1f]' % ('all', total_k, total_n,
                                                     100 * total_k / max(total_n, 1), 100 * lo, 100 * hi))
    print('mutants: seed %d, %d sampled, %.0f s%s' % (args.seed, total_n, elapsed,
                                                  ' (interrupted: the verdicts in so far)' if partial else ''))
    if survivors:
        print('\nsurvivors:')
        for a, m in survivors:
            print('  [%s] %s:%d %s: %s -> %s%s' % (a, m['file'], m['line'], m['op'], m['before'], m['after'],
                                                  ' (%s)' % m['rule'] if m.get('rule') else ''))
    if argued:
        print('\nsurvivors argued equivalent (tests/mutants/equivalent), left out of the rates:')
        for a, m, why in argued:
            print('  [%s] %s:%d %s -> %s: %s' % (a, m['file'], m['line'], m['before'], m['after'], why))
    if status:
        print('\nmutants: FAIL: an area below %d%%' % (100 * GOAL))
    return status


if __name__ == '__main__':
    sys.exit(main())
