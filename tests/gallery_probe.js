// gallery_probe.js -- measures docs/gallery/index.html from inside the page,
// as headless Chromium lays it out, and writes what it found into the DOM
// (a <pre id="probe">, one fact a line) for tests/gallery.sh to read from
// `chromium --dump-dom`.  tests/gallery.sh appends it to a copy of the page.
//
// With the page's URL ending in #pixels=ID,ID: every other figure is hidden,
// and the probe gives where each named picture lies and its scale, so that
// the pixel checks find a square of a tile in a screenshot.
(function () {
  'use strict';
  var out = [];
  var doc = document.documentElement;
  out.push('viewport ' + window.innerWidth + ' scroll ' + doc.scrollWidth);
  out.push('overflow ' + (doc.scrollWidth > doc.clientWidth ? 'yes' : 'no'));
  var figures = document.querySelectorAll('figure.tile');
  out.push('figures ' + figures.length);
  out.push('packs ' + document.querySelectorAll('section.pack').length);

  // Each picture at its own aspect ratio (the viewBox's), a square at least 120 px.
  var squeezed = 0, small = 0, narrowest = 1e9;
  figures.forEach(function (f) {
    var svg = f.querySelector(':scope > svg');
    var r = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
    if (Math.abs(r.width / r.height - vb.width / vb.height) > 0.01 * vb.width / vb.height) squeezed++;
    var square = r.width / vb.width * 100; // the drawing's 100 px a square (compiler/svg.h)
    if (square < narrowest) narrowest = square;
    if (square < 120) small++;
  });
  out.push('squeezed ' + squeezed);
  out.push('square under 120 ' + small);
  out.push('narrowest square ' + Math.floor(narrowest));

  // The legend: every entry shown has a swatch drawn from the pictures.
  var shown = 0, undrawn = 0;
  document.querySelectorAll('.legend li').forEach(function (li) {
    if (li.hidden) return;
    shown++;
    if (li.getAttribute('data-drawn') !== 'yes') undrawn++;
  });
  out.push('legend ' + shown + ' undrawn ' + undrawn);

  // Hover a city on its picture, then focus a field's button: the
  // feature's elements are highlighted and its facts shown.
  function feature(id, name) {
    var f = document.getElementById(id);
    var shape = f.querySelector('svg [data-feature="' + name + '"]');
    shape.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
    var hl = f.querySelectorAll('svg .hl').length;
    out.push('hover ' + id + ' ' + name + ': ' + hl + ' drawn highlighted; ' + f.querySelector('.facts').textContent);
    shape.dispatchEvent(new MouseEvent('mouseout', {bubbles: true, relatedTarget: document.body}));
    out.push('after ' + id + ': ' + f.querySelectorAll('.hl').length + ' highlighted; ' +
             f.querySelector('.facts').textContent);
  }
  feature('base.D', 'c');
  feature('wonders_set1.stonehenge', 'circle');
  var b = document.getElementById('base.D').querySelector('button[data-feature="f1"]');
  b.dispatchEvent(new FocusEvent('focusin', {bubbles: true}));
  out.push('focus base.D f1: ' + document.getElementById('base.D').querySelectorAll('svg .hl').length +
           ' drawn highlighted; ' + document.getElementById('base.D').querySelector('.facts').textContent);
  b.dispatchEvent(new FocusEvent('focusout', {bubbles: true}));

  var m = /#pixels=(.*)$/.exec(location.href);
  if (m) {
    var want = m[1].split(',');
    figures.forEach(function (f) { f.hidden = want.indexOf(f.id) < 0; });
    document.querySelector('header').hidden = true;
    document.querySelector('.legend').hidden = true;
    want.forEach(function (id) {
      var svg = document.getElementById(id).querySelector(':scope > svg');
      var r = svg.getBoundingClientRect();
      out.push('at ' + id + ' ' + Math.round(r.left + window.scrollX) + ' ' + Math.round(r.top + window.scrollY) +
               ' ' + (r.width / svg.viewBox.baseVal.width).toFixed(4));
    });
    out.push('height ' + doc.scrollHeight);
  }
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = out.join('\n') + '\n';
  document.body.appendChild(pre);
  if (m) pre.hidden = true;
})();
