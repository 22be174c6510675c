/* lsp_text.c -- protocol positions and words of a document; see lsp_text.h. */
#include "lsp_text.h"
#include "../diag.h"

/* UTF-16 units of the character that starts with byte @p b (a lead byte of
** four: a surrogate pair). */
static uint32_t utf16_units(unsigned char b)
{
    return b >= 0xF0 ? 2 : 1;
}

static bool continuation(unsigned char b)
{
    return (b & 0xC0) == 0x80;
}

wc_lsp_pos wc_lsp_pos_of(const char *text, size_t len, size_t offset)
{
    wc_lsp_pos pos = {0, 0};
    if (offset > len)
        offset = len;
    for (size_t i = 0; i < offset; i++) {
        unsigned char b = (unsigned char)text[i];
        if (b == '\n') {
            pos.line++;
            pos.character = 0;
        } else if (!continuation(b)) {
            pos.character += utf16_units(b);
        }
    }
    return pos;
}

wc_lsp_pos wc_lsp_pos_in(wc_source *s, uint32_t offset)
{
    if (!s->text)
        return (wc_lsp_pos){0, 0};
    unsigned line, col;
    wc_source_line_col(s, offset, &line, &col);
    uint32_t first = s->line_start[line - 1];
    wc_lsp_pos pos = wc_lsp_pos_of(s->text + first, s->len - first, offset > s->len ? s->len - first : offset - first);
    pos.line = line - 1;
    return pos;
}

size_t wc_lsp_offset_of(const char *text, size_t len, wc_lsp_pos pos)
{
    size_t i = 0;
    for (uint32_t line = 0; line < pos.line; line++) {
        while (i < len && text[i] != '\n')
            i++;
        if (i == len)
            return len;
        i++;
    }
    uint32_t units = 0;
    while (i < len && text[i] != '\n' && units < pos.character) {
        units += utf16_units((unsigned char)text[i]);
        if (units > pos.character) /* inside a surrogate pair: its character's start */
            break;
        i++;
        while (i < len && continuation((unsigned char)text[i]))
            i++;
    }
    return i;
}

bool wc_lsp_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool wc_lsp_word_at(const char *text, size_t len, size_t offset, size_t *start, size_t *end)
{
    if (offset > len)
        return false;
    size_t s = offset, e = offset;
    while (s > 0 && wc_lsp_name_char(text[s - 1]))
        s--;
    while (e < len && wc_lsp_name_char(text[e]))
        e++;
    if (s == e)
        return false;
    *start = s;
    *end = e;
    return true;
}

size_t wc_lsp_block_end(const char *text, size_t len, size_t from)
{
    unsigned depth = 0;
    for (size_t i = from; i < len; i++) {
        char c = text[i];
        if (c == '#') {
            while (i < len && text[i] != '\n')
                i++;
        } else if (c == '"') {
            for (i++; i < len && text[i] != '"' && text[i] != '\n'; i++)
                if (text[i] == '\\' && i + 1 < len)
                    i++;
        } else if (c == '{') {
            depth++;
        } else if (c == '}' && depth > 0 && --depth == 0) {
            return i + 1;
        }
    }
    return len;
}
