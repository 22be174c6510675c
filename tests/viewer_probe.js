// viewer_probe.js -- steps through the page `wonders board --format html`
// writes, as a reader would (arrow keys, buttons, the slider), and writes
// what each step shows into the DOM (a <pre id="probe">, one line a step)
// for tests/pages.sh to read from `chromium --dump-dom`.
(function () {
  'use strict';
  var out = [];
  function state() {
    var shown = document.querySelectorAll('.frame:not([hidden])');
    if (shown.length !== 1) return shown.length + ' frames shown';
    var f = shown[0];
    var scores = Array.prototype.map.call(f.querySelectorAll('table.scores tr'), function (tr) {
      return tr.cells[0].textContent + ' ' + tr.cells[1].textContent;
    }).join(', ');
    var log = f.querySelector('pre.log').textContent.replace(/\s+/g, ' ').trim();
    return 'frame ' + f.getAttribute('data-frame') + ' | ' + document.getElementById('where').textContent + ' | ' +
           scores + ' | outlined ' + f.querySelectorAll('.just-placed').length + ' of ' +
           f.querySelectorAll('g.tile').length + ' tiles | ' + log;
  }
  function key(k) { document.body.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true})); }
  var doc = document.documentElement;
  out.push('overflow ' + (doc.scrollWidth > doc.clientWidth ? 'yes' : 'no'));
  out.push('frames ' + document.querySelectorAll('.frame').length);
  out.push('start: ' + state());
  key('ArrowRight');
  out.push('right: ' + state());
  key('ArrowLeft');
  out.push('left: ' + state());
  key('ArrowLeft');
  out.push('left again: ' + state());
  var slider = document.getElementById('step');
  slider.value = 11;
  slider.dispatchEvent(new Event('input', {bubbles: true}));
  out.push('slider 11: ' + state());
  document.getElementById('next').click();
  out.push('next: ' + state());
  key('End');
  out.push('end: ' + state());
  out.push('next disabled ' + document.getElementById('next').disabled);
  document.getElementById('first').click();
  out.push('first: ' + state());
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = out.join('\n') + '\n';
  document.body.appendChild(pre);
})();
