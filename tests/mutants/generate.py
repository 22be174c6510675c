#!/usr/bin/env python3
"""generate.py -- enumerate the mutants of C files, by operator.

A mutant is one small slip a programmer makes, written as edits to one file
(docs/testing.md, "Mutation testing").  The operators:

  rel     a relational operator swapped: < <=, <= <, > >=, >= >
  eq      == and != swapped
  arith   + -, - +, * /, / *, % /, += -=, -= +=, ++ --, -- ++
  bit     & |, | &, ^ &, << >>, >> <<, &= |=, |= &=
  logic   && and || swapped
  negate  the condition of an if or a while negated
  const   an integer constant one more, or one less (not below 0)
  delete  a statement deleted: an assignment, a call, the return of a guard
          (`if (...) return ...;` whose return becomes `;`)
  table   two neighbouring entries of a table's initializer swapped

Comments, strings and preprocessor lines are never touched; operators and
deletions apply inside function bodies, constants there and in tables, swaps
in tables only.  Whether a mutant compiles is the runner's to find out
(tests/mutants/run.py skips those that do not).

As a command: generate.py FILE... lists every mutant, one a line, as
FILE:LINE OPERATOR: BEFORE -> AFTER.
"""
import re
import sys

TYPE_WORDS = {
    'void', 'char', 'short', 'int', 'long', 'float', 'double', 'signed', 'unsigned', 'bool', 'const',
    'static', 'struct', 'enum', 'union', 'volatile', 'register', 'extern', 'inline', 'size_t', 'ssize_t',
    'uint8_t', 'uint16_t', 'uint32_t', 'uint64_t', 'int8_t', 'int16_t', 'int32_t', 'int64_t', 'typedef',
}
KEYWORDS = TYPE_WORDS | {'if', 'else', 'while', 'for', 'do', 'switch', 'case', 'default', 'return', 'break',
                         'continue', 'goto', 'sizeof'}

SWAPS = {
    'rel': {'<': '<=', '<=': '<', '>': '>=', '>=': '>'},
    'eq': {'==': '!=', '!=': '=='},
    'arith': {'+': '-', '-': '+', '*': '/', '/': '*', '%': '/', '+=': '-=', '-=': '+=', '++': '--', '--': '++'},
    'bit': {'&': '|', '|': '&', '^': '&', '<<': '>>', '>>': '<<', '&=': '|=', '|=': '&='},
    'logic': {'&&': '||', '||': '&&'},
}
BINARY_ONLY = {'+', '-', '*', '/', '%', '&', '|', '^'}
PUNCT = sorted(['<<=', '>>=', '...', '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+=', '-=',
                '*=', '/=', '%=', '&=', '|=', '^=', '<', '>', '+', '-', '*', '/', '%', '&', '|', '^', '!', '~', '=',
                '?', ':', ';', ',', '.', '(', ')', '[', ']', '{', '}'], key=len, reverse=True)
ASSIGN = {'=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>='}


class Tok:
    __slots__ = ('kind', 'text', 'start', 'end', 'line', 'ctx', 'first')

    def __init__(self, kind, text, start, end, line):
        self.kind, self.text, self.start, self.end, self.line = kind, text, start, end, line
        self.ctx = None      # 'func', 'init' or None (file scope, a type's body)
        self.first = False   # the first token of its line


def tokenize(src):
    """The tokens of C source @src, without comments, strings' insides or
    preprocessor lines (a string or character constant is one token)."""
    toks, i, line, n = [], 0, 1, len(src)
    line_start = True
    while i < n:
        c = src[i]
        if c == '\n':
            line, i, line_start = line + 1, i + 1, True
            continue
        if c in ' \t\r\f\v':
            i += 1
            continue
        if line_start and c == '#':
            while i < n and src[i] != '\n':
                if src[i] == '\\' and i + 1 < n and src[i + 1] == '\n':
                    line += 1
                    i += 1
                i += 1
            continue
        first, line_start = line_start, False
        if src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
            line += src.count('\n', i, j)
            i = j
            line_start = False
            continue
        if src.startswith('//', i):
            while i < n and src[i] != '\n':
                i += 1
            continue
        if c in '"\'':
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == '\\' else 1
            t = Tok('str', src[i:j + 1], i, j + 1, line)
            i = j + 1
        elif c.isalpha() or c == '_':
            m = re.compile(r'[A-Za-z_][A-Za-z0-9_]*').match(src, i)
            t = Tok('id', m.group(), i, m.end(), line)
            i = m.end()
        elif c.isdigit():
            m = re.compile(r'(0[xX][0-9a-fA-F]+|[0-9]+\.?[0-9]*([eE][-+]?[0-9]+)?)[uUlLfF]*').match(src, i)
            t = Tok('num', m.group(), i, m.end(), line)
            i = m.end()
        else:
            p = next((p for p in PUNCT if src.startswith(p, i)), c)
            t = Tok('op', p, i, i + len(p), line)
            i += len(p)
        t.first = first
        toks.append(t)
    return toks


def mark_contexts(toks):
    """Each token's context: inside a function's body ('func'), inside an
    initializer ('init'), or neither."""
    stack = []
    for k, t in enumerate(toks):
        if t.text == '{':
            prev = toks[k - 1].text if k else ''
            outer = stack[-1] if stack else None
            if outer == 'init' or prev == '=':
                kind = 'init'
            elif outer is None:
                kind = 'func' if prev == ')' else 'type'
            else:
                kind = outer
            t.ctx = kind
            stack.append(kind)
        elif t.text == '}':
            t.ctx = stack.pop() if stack else None
        else:
            t.ctx = stack[-1] if stack else None
            if t.ctx == 'type':
                t.ctx = None


def is_operand_end(t):
    return t.kind in ('id', 'num', 'str') and t.text not in KEYWORDS or t.text in (')', ']')


def matching(toks, k):
    """The index of the bracket closing toks[k]."""
    open_, close = toks[k].text, {'(': ')', '[': ']', '{': '}'}[toks[k].text]
    depth = 0
    for j in range(k, len(toks)):
        if toks[j].text == open_:
            depth += 1
        elif toks[j].text == close:
            depth -= 1
            if depth == 0:
                return j
    return None


def int_value(text):
    m = re.fullmatch(r'(0[xX][0-9a-fA-F]+|[0-9]+)([uUlL]*)', text)
    if not m:
        return None
    body, suffix = m.groups()
    if body.startswith(('0x', '0X')):
        return int(body, 16), suffix, True
    if len(body) > 1 and body.startswith('0'):
        return None   # octal: left alone
    return int(body), suffix, False


def in_declarator_size(toks, k):
    """toks[k] is the size N of an array declared as T name[N]."""
    if k < 2 or toks[k - 1].text != '[' or k + 1 >= len(toks) or toks[k + 1].text != ']':
        return False
    j = k - 2
    while j >= 0 and not toks[j].first:
        j -= 1
    return j >= 0 and toks[j].text in TYPE_WORDS | {'wh_point_t'} or toks[j].text.endswith('_t')


def statement_end(toks, k):
    """The index of the ';' ending the statement that starts at toks[k], on
    its line and outside brackets, or None."""
    depth = 0
    for j in range(k, len(toks)):
        t = toks[j]
        if t.line != toks[k].line:
            return None
        if t.text in '([':
            depth += 1
        elif t.text in ')]':
            depth -= 1
        elif t.text in '{}':
            return None
        elif t.text == ';' and depth == 0:
            return j
    return None


def mutants_of(path, src):
    """Every mutant of the C source @src (of file @path): a list of dicts
    with 'file', 'line', 'op', 'edits' [(start, end, text)], 'before' and
    'after' (the line or lines changed, as they read)."""
    toks = tokenize(src)
    mark_contexts(toks)
    found, seen = [], set()

    def add(op, edits):
        edits = sorted(edits)
        if tuple(edits) in seen:
            return   # a guard's return is met from its line and from its if
        seen.add(tuple(edits))
        a, b = edits[0][0], edits[-1][1]
        ls = src.rfind('\n', 0, a) + 1
        le = src.find('\n', b)
        le = len(src) if le < 0 else le
        before = src[ls:le]
        out, at = [], ls
        for s, e, text in edits:
            out.append(src[at:s])
            out.append(text)
            at = e
        out.append(src[at:le])
        after = ''.join(out)
        norm = lambda s: re.sub(r'\s+', ' ', s).strip()
        if norm(before) == norm(after):
            return
        found.append({'file': path, 'line': src.count('\n', 0, a) + 1, 'op': op, 'edits': edits,
                      'before': norm(before), 'after': norm(after)})

    for k, t in enumerate(toks):
        prev = toks[k - 1] if k else None
        if t.ctx == 'func' and t.kind == 'op':
            for op, table in SWAPS.items():
                if t.text in table:
                    if t.text in BINARY_ONLY and not (prev and is_operand_end(prev)):
                        continue
                    if t.text == '*' and prev and (prev.text in TYPE_WORDS or prev.text.endswith('_t')):
                        continue   # a pointer's declaration
                    add(op, [(t.start, t.end, table[t.text])])
        if t.ctx == 'func' and t.text in ('if', 'while') and k + 1 < len(toks) and toks[k + 1].text == '(':
            close = matching(toks, k + 1)
            if close is not None:
                add('negate', [(toks[k + 1].end, toks[k + 1].end, '!('), (toks[close].start, toks[close].start, ')')])
        if t.ctx in ('func', 'init') and t.kind == 'num' and not in_declarator_size(toks, k):
            v = int_value(t.text)
            if v is not None:
                value, suffix, hexa = v
                for nv in (value + 1, value - 1):
                    if nv >= 0:
                        add('const', [(t.start, t.end, (hex(nv) if hexa else str(nv)) + suffix)])
        if t.ctx == 'func' and t.first:
            end = statement_end(toks, k)
            if end is not None and end > k:
                words = [x.text for x in toks[k:end]]
                guard = (t.text == 'return' and prev is not None and prev.text == ')'
                         and _opens_if(toks, k - 1))
                if t.text == 'return':
                    if guard:
                        add('delete', [(t.start, toks[end].end, ';')])
                elif t.kind == 'id' and t.text not in KEYWORDS and not _declares(toks, k, end):
                    if any(w in ASSIGN for w in words) or '++' in words or '--' in words \
                            or (len(words) > 1 and words[1] in ('(', '->', '.', '[') and words[-1] == ')'):
                        add('delete', [(t.start, toks[end].end, ';')])
            # `if (...) return ...;` on one line
            if t.text == 'if' and k + 1 < len(toks) and toks[k + 1].text == '(':
                close = matching(toks, k + 1)
                if close is not None and close + 1 < len(toks) and toks[close + 1].text == 'return':
                    end = statement_end_from(toks, close + 1)
                    if end is not None:
                        add('delete', [(toks[close + 1].start, toks[end].end, ';')])
        if t.ctx == 'init' and t.text == '{':
            close = matching(toks, k)
            if close is None:
                continue
            entries, depth, start = [], 0, k + 1
            for j in range(k + 1, close + 1):
                x = toks[j].text
                if x in '([{':
                    depth += 1
                elif x in ')]}' and j != close:
                    depth -= 1
                if depth == 0 and (x == ',' or j == close):
                    if start < j:
                        entries.append((start, j - 1))
                    start = j + 1
            texts = [src[toks[a].start:toks[b].end] for a, b in entries]
            for e in range(len(entries) - 1):
                if texts[e] != texts[e + 1] and not texts[e].startswith('.') and not texts[e + 1].startswith('.'):
                    a, b = entries[e], entries[e + 1]
                    add('table', [(toks[a[0]].start, toks[a[1]].end, texts[e + 1]),
                                  (toks[b[0]].start, toks[b[1]].end, texts[e])])
    return found


def _opens_if(toks, close):
    """toks[close] is the ')' of an `if (...)`."""
    depth = 0
    for j in range(close, -1, -1):
        if toks[j].text == ')':
            depth += 1
        elif toks[j].text == '(':
            depth -= 1
            if depth == 0:
                return j > 0 and toks[j - 1].text == 'if'
    return False


def statement_end_from(toks, k):
    depth = 0
    for j in range(k, len(toks)):
        x = toks[j].text
        if x in '([':
            depth += 1
        elif x in ')]':
            depth -= 1
        elif x in '{}':
            return None
        elif x == ';' and depth == 0:
            return j
    return None


def _declares(toks, k, end):
    """toks[k:end] declares a variable (T name ..., T *name ...)."""
    if toks[k].text in TYPE_WORDS:
        return True
    nxt = toks[k + 1] if k + 1 < end else None
    if nxt is None:
        return False
    if nxt.kind == 'id':
        return True
    return nxt.text == '*' and k + 2 < end and toks[k + 2].kind == 'id' and \
        (k + 3 >= end or toks[k + 3].text in ('=', ';', '[', ','))


def describe(m):
    return '%s:%d %s: %s -> %s' % (m['file'], m['line'], m['op'], m['before'], m['after'])


if __name__ == '__main__':
    for f in sys.argv[1:]:
        with open(f) as fh:
            for m in mutants_of(f, fh.read()):
                print(describe(m))
