/* lsp_docs.c -- the language's words and their documentation; see lsp_docs.h. */
#include "lsp_docs.h"

#include <string.h>

#include "lsp_words.h" /* made by compiler/lsp/words.sh (build/gen/) */

const char *const *wc_lsp_keywords(int effect, size_t *n)
{
    if (effect) {
        *n = sizeof lsp_effect_keywords / sizeof *lsp_effect_keywords;
        return lsp_effect_keywords;
    }
    *n = sizeof lsp_file_keywords / sizeof *lsp_file_keywords;
    return lsp_file_keywords;
}

size_t wc_lsp_doc_lines(const char *word, size_t len, size_t max, const lsp_doc_line **out)
{
    size_t found = 0;
    for (size_t i = 0; i < sizeof lsp_doc_lines / sizeof *lsp_doc_lines && found < max; i++)
        if (strlen(lsp_doc_lines[i].word) == len && !memcmp(lsp_doc_lines[i].word, word, len))
            out[found++] = &lsp_doc_lines[i];
    return found;
}
