// playground_probe.js -- types into docs/playground/index.html as an author
// would (a mistake, then its fix), waits for each compilation the page runs,
// and writes what the page showed into the DOM (a <pre id="probe">, one line
// a step) for tests/pages.sh to read from `chromium --dump-dom`: the colours
// of the sample, the messages and pictures (the last good one greyed while
// the text has errors), the completions after `on completed(` and the hover
// on a feature.
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
           document.querySelectorAll('#tiles figure svg').length + ' pictures, ' +
           document.querySelectorAll('#tiles figure.stale').length + ' greyed | ' +
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
  // the class of the coloured copy's span holding the first WORD after AFTER
  function colourOf(word, after) {
    var spans = document.querySelectorAll('#colours span'), seen = !after;
    for (var i = 0; i < spans.length; i++) {
      if (!seen && spans[i].textContent === after) seen = true;
      else if (seen && spans[i].textContent === word) return spans[i].className.replace('c-', '');
    }
    return 'none';
  }
  function colours() {
    var colours = document.getElementById('colours');
    return 'same ' + (colours.textContent === text.value + '\n' ? 'yes' : 'no') +
           ' | pack ' + colourOf('pack') + ' | on ' + colourOf('on', 'effect') + ' | completed ' + colourOf('completed') +
           ' | city ' + colourOf('city') + ' | N ' + colourOf('N') +
           ' | comments ' + document.querySelectorAll('#colours .c-comment').length;
  }
  // the completions the page offers with the caret after `on completed(`
  function completion() {
    var at = original.indexOf('effect {\n') + 'effect {\n'.length, typed = '            on completed(';
    text.value = original.slice(0, at) + typed + '\n' + original.slice(at);
    text.focus();
    text.setSelectionRange(at + typed.length, at + typed.length);
    text.dispatchEvent(new Event('input', {bubbles: true}));
    var menu = document.getElementById('complete');
    return (menu.hidden ? 'hidden' : 'shown') + ' |' +
           Array.prototype.map.call(menu.querySelectorAll('li'), function (li) {
             return ' ' + li.firstChild.textContent;
           }).join('');
  }
  // what the page shows when the pointer rests on the first feature named in an expect NAME.squares
  function hover() {
    var name = /expect (\w+)\.squares/.exec(original)[1];
    var decl = new RegExp('\\b(road|city|field|river) ' + name + '\\b').exec(original);
    var at = decl.index + decl[0].length - name.length;
    var before = original.slice(0, at), line = before.split('\n').length - 1;
    playground.hoverAt(line, at - (before.lastIndexOf('\n') + 1));
    var tip = document.getElementById('tip');
    return (tip.hidden ? 'hidden' : 'shown') + ' | ' + Array.prototype.map.call(tip.querySelectorAll('p, li'), function (el) {
      return el.textContent;
    }).join(' | ');
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
    out.push('colours: ' + colours());
    out.push('hover: ' + hover());
    type(original.replace('sides tr:N;', 'sides tr:Q;'), function () {
      out.push('mistake: ' + state());
      type(original.replace('square tc (1, 0) { N road; }', 'square tc (1, 0) { N road;'), function () {
        out.push('brace: ' + state());
        type(original, function () {
          out.push('fixed: ' + state());
          out.push('complete: ' + completion());
          done();
        });
      });
    });
  })();
})();
