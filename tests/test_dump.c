/*
** test_dump.c -- the readable record of the compiled tables (wonderc dump,
** generated/tiles.yaml): valid YAML and JSON carrying the same data, one
** top-level key per tile, and an erratum shown as the changed number.
*/
#include "suites.h"
#include "support.h"
#include "../compiler/dump.h"
#include "../runtime/tileset.h"
#include "tiles.h" /* the committed generated/tiles.h */

#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* What a reader of the document sees: its scalars in order, and its
** top-level keys. */
typedef struct reading {
    bool   ok;
    size_t n_scalars, n_top_keys;
    wc_buf scalars; /* every scalar, each ended by a newline */
    wc_buf top_keys;
} reading;

static reading read_document(const wc_buf *doc)
{
    reading r = {.ok = true};
    wc_buf_init(&r.scalars);
    wc_buf_init(&r.top_keys);
    yaml_parser_t p;
    CU_ASSERT_FATAL(yaml_parser_initialize(&p));
    yaml_parser_set_input_string(&p, (const unsigned char *)doc->data, doc->len);
    int depth = 0;
    bool key_next = true; /* at depth 1: the next node is a key */
    for (;;) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&p, &ev)) {
            r.ok = false;
            break;
        }
        yaml_event_type_t type = ev.type;
        if (type == YAML_SCALAR_EVENT) {
            const char *v = (const char *)ev.data.scalar.value;
            wc_buf_append(&r.scalars, v, ev.data.scalar.length);
            wc_buf_puts(&r.scalars, "\n");
            r.n_scalars++;
            if (depth == 1) {
                if (key_next) {
                    wc_buf_append(&r.top_keys, v, ev.data.scalar.length);
                    wc_buf_puts(&r.top_keys, "\n");
                    r.n_top_keys++;
                }
                key_next = !key_next;
            }
        } else if (type == YAML_MAPPING_START_EVENT || type == YAML_SEQUENCE_START_EVENT) {
            depth++;
        } else if (type == YAML_MAPPING_END_EVENT || type == YAML_SEQUENCE_END_EVENT) {
            if (--depth == 1)
                key_next = true;
        }
        yaml_event_delete(&ev);
        if (type == YAML_STREAM_END_EVENT)
            break;
    }
    yaml_parser_delete(&p);
    return r;
}

static void reading_free(reading *r)
{
    wc_buf_free(&r->scalars);
    wc_buf_free(&r->top_keys);
}

static void test_yaml_and_json_carry_the_same_data(void)
{
    test_build b;
    test_build_project(&b);
    CU_ASSERT_FATAL(b.ok);
    wc_buf yaml, json;
    wc_buf_init(&yaml);
    wc_buf_init(&json);
    const char *inputs[] = {"x.tiles"};
    CU_ASSERT_TRUE(wc_dump(&b.set, WC_DUMP_YAML, inputs, 1, &yaml));
    CU_ASSERT_TRUE(wc_dump(&b.set, WC_DUMP_JSON, inputs, 1, &json));
    reading y = read_document(&yaml), j = read_document(&json); /* JSON is YAML too */
    CU_ASSERT_TRUE(y.ok);
    CU_ASSERT_TRUE(j.ok);
    CU_ASSERT_EQUAL(y.n_scalars, j.n_scalars);
    CU_ASSERT_TRUE(y.scalars.len == j.scalars.len && !memcmp(y.scalars.data, j.scalars.data, y.scalars.len));
    /* "tileset", "packs", then every tile by id, in table order */
    CU_ASSERT_EQUAL(y.n_top_keys, 2 + b.set.n_tiles);
    wc_buf want;
    wc_buf_init(&want);
    wc_buf_puts(&want, "tileset\npacks\n");
    for (uint32_t t = 0; t < b.set.n_tiles; t++)
        wc_buf_printf(&want, "%s\n", wh_string(&b.set, b.set.tiles[t].id));
    CU_ASSERT_STRING_EQUAL(y.top_keys.data, want.data);
    CU_ASSERT_TRUE(test_contains(yaml.data, "#   x.tiles\n"));
    wc_buf_free(&want);
    reading_free(&y);
    reading_free(&j);
    wc_buf_free(&yaml);
    wc_buf_free(&json);
    test_build_free(&b);
}

/* Names that a careless writer would break: quotes, backslashes, a colon,
** words YAML reads as booleans or numbers, UTF-8. */
static void test_awkward_names_survive(void)
{
    static const char src[] =
        "pack p \"Quote \\\" and \\\\ and: colon\" {\n"
        "  tile yes \"123\" { square { N field; E field; S field; W field; } field f { sides N, E, S, W; } }\n"
        "  tile t2 \"Notre-Dame \xC3\xA0 Paris\" { square { N field; E field; S field; W field; } field f { sides N, E, S, W; } }\n"
        "}\n";
    test_build b;
    test_build_text(&b, "awkward.tiles", src);
    CU_ASSERT_FATAL(b.ok);
    for (int format = 0; format < 2; format++) {
        wc_buf out;
        wc_buf_init(&out);
        CU_ASSERT_TRUE(wc_dump(&b.set, (wc_dump_format)format, NULL, 0, &out));
        reading r = read_document(&out);
        CU_ASSERT_TRUE(r.ok);
        CU_ASSERT_TRUE(test_contains(r.scalars.data, "\nQuote \" and \\ and: colon\n"));
        CU_ASSERT_TRUE(test_contains(r.scalars.data, "\n123\n"));
        CU_ASSERT_TRUE(test_contains(r.scalars.data, "\nNotre-Dame \xC3\xA0 Paris\n"));
        CU_ASSERT_TRUE(test_contains(r.top_keys.data, "p.yes\n"));
        if (format == WC_DUMP_YAML)
            CU_ASSERT_TRUE(test_contains(out.data, "name: \"123\"")); /* a string, not a number */
        reading_free(&r);
        wc_buf_free(&out);
    }
    test_build_free(&b);
}

/* An erratum to an effect's value is one changed line that says it: the
** Alhambra's points per farmer below 120 tiles, whatever they are now,
** changed by one (the Set II rules changed them from 4 to 5).  The whole
** value table is read from the source, so no value is written here. */
static void test_an_erratum_reads_as_its_number(void)
{
    char *text = test_read_file("../tiles/wonders-set1.tiles", NULL);
    CU_ASSERT_FATAL(text != NULL);
    static const char cue[] = "score tiles(..119: ";
    char *at = strstr(text, cue);
    CU_ASSERT_FATAL(at != NULL);
    at += strlen(cue);
    CU_ASSERT_FATAL(*at >= '0' && *at <= '9' && at[1] == ',');
    char was = *at, now = was == '9' ? '8' : (char)(was + 1);
    /* the rest of the table as the source writes it: ", 120..: 6" */
    const char *rest = at + 1;
    int rest_len = (int)strcspn(rest, ")");
    CU_ASSERT_FATAL(rest[rest_len] == ')' && rest_len < 32);
    *at = now;
    test_build before, after;
    const char *path[] = {"../tiles/wonders-set1.tiles"};
    test_build_files(&before, path, 1);
    test_build_text(&after, "wonders-set1.tiles", text);
    CU_ASSERT_FATAL(before.ok && after.ok);
    wc_buf a, b;
    wc_buf_init(&a);
    wc_buf_init(&b);
    CU_ASSERT_TRUE(wc_dump(&before.set, WC_DUMP_YAML, NULL, 0, &a));
    CU_ASSERT_TRUE(wc_dump(&after.set, WC_DUMP_YAML, NULL, 0, &b));
    char line_was[96], line_now[96];
    snprintf(line_was, sizeof line_was, "      body: 'score tiles(..119: %c%.*s) * count(", was, rest_len, rest);
    snprintf(line_now, sizeof line_now, "      body: 'score tiles(..119: %c%.*s) * count(", now, rest_len, rest);
    /* exactly two lines differ: the handler's body, and the sentence that says it */
    const char *pa = a.data, *pb = b.data;
    int differing = 0;
    bool saw_score = false;
    while (*pa && *pb) {
        size_t la = strcspn(pa, "\n"), lb = strcspn(pb, "\n");
        if (la != lb || memcmp(pa, pb, la)) {
            differing++;
            saw_score |= la > strlen(line_was) && !strncmp(pa, line_was, strlen(line_was)) &&
                         !strncmp(pb, line_now, strlen(line_now));
        }
        pa += la + (pa[la] == '\n');
        pb += lb + (pb[lb] == '\n');
    }
    CU_ASSERT_EQUAL(differing, 2);
    CU_ASSERT_TRUE(saw_score);
    wc_buf_free(&a);
    wc_buf_free(&b);
    test_build_free(&before);
    test_build_free(&after);
    free(text);
}

bool register_dump_tests(void)
{
    static const test_case cases[] = {
        {"YAML and JSON carry the same data", test_yaml_and_json_carry_the_same_data},
        {"awkward names survive both formats", test_awkward_names_survive},
        {"an erratum reads as its number", test_an_erratum_reads_as_its_number},
        {NULL, NULL},
    };
    return register_suite("readable record (dump)", cases);
}
