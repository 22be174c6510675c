// playground_probe.js -- types into docs/playground/index.html as an author
// would (a mistake, then its fix), waits for each compilation the page runs,
// and writes what the page showed into the DOM (a <pre id="probe">, one line
// a step) for tests/pages.sh to read from `chromium --dump-dom`.
(function () {
  'use strict';
  var out = [], text = document.getElementById('text'), original = text.value;
  function state() {
    var marked = Array.prototype.map.call(document.querySelectorAll('#gutter span'), function (s) {
      return s.textContent + ':' + s.className;
    });
    var figures = document.querySelectorAll('#tiles figure');
    var facts = document.querySelector('#tiles figure pre');
    return document.getElementById('status').textContent + ' | marked [' + marked.join(' ') + '] | ' +
           figures.length + ' drawn, ' + document.querySelectorAll('#tiles figure.failed').length + ' failing, ' +
           document.querySelectorAll('#tiles figure svg').length + ' pictures | ' +
           document.getElementById('diagnostics').textContent.split('\n')[0] + ' | ' +
           (facts ? facts.textContent.split('\n')[0] : '');
  }
  // type NEW: the text becomes NEW as by typing, then when the page has
  // compiled it (its run count grows) `then` is called
  function type(value, then) {
    var before = +document.body.getAttribute('data-runs');
    text.value = value;
    text.dispatchEvent(new Event('input', {bubbles: true}));
    (function wait() {
      if (+document.body.getAttribute('data-runs') > before) then();
      else setTimeout(wait, 20);
    })();
  }
  function done() {
    var doc = document.documentElement;
    out.push('overflow ' + (doc.scrollWidth > doc.clientWidth ? 'yes' : 'no'));
    var pre = document.createElement('pre');
    pre.id = 'probe';
    pre.textContent = out.join('\n') + '\n';
    document.body.appendChild(pre);
  }
  (function ready() {
    if (document.body.getAttribute('data-runs') !== '1') return setTimeout(ready, 20);
    out.push('start: ' + state());
    type(original.replace('sides tr:N;', 'sides tr:Q;'), function () {
      out.push('mistake: ' + state());
      type(original.replace('square tc (1, 0) { N road; }', 'square tc (1, 0) { N road;'), function () {
        out.push('brace: ' + state());
        type(original, function () {
          out.push('fixed: ' + state());
          done();
        });
      });
    });
  })();
})();
