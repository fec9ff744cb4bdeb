import {
  CONSENT_SIGNAL_SOURCES,
  CONSENT_STORAGE_KEY,
  CONSENT_WAIT_FOR_UPDATE_MS,
  DEFAULT_CONSENT_SIGNALS,
  OPTIONAL_CONSENT_CATEGORIES,
} from "~/lib/consent";

/**
 * The inline head script (rendered by ConsentModeDefaults with the CSP nonce): defines dataLayer
 * and gtag, sets the Consent Mode defaults before any tag loads, then applies a stored choice at
 * once. ES5, no dependencies, built only from the consent constants (no request data). Server-only:
 * the browser keeps the server's copy of the script and never needs this text.
 */
export const CONSENT_MODE_BOOTSTRAP_SCRIPT = [
  "(function(w){",
  "var d=w.dataLayer=w.dataLayer||[];",
  "var g=w.gtag=w.gtag||function(){d.push(arguments)};",
  `g("consent","default",${JSON.stringify({ ...DEFAULT_CONSENT_SIGNALS, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS })});`,
  "try{",
  `var c=JSON.parse(w.localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)}));`,
  `var o=${JSON.stringify(OPTIONAL_CONSENT_CATEGORIES)},i,ok=!!c&&typeof c==="object";`,
  'for(i=0;ok&&i<o.length;i++)ok=typeof c[o[i]]==="boolean";',
  `if(ok){var m=${JSON.stringify(CONSENT_SIGNAL_SOURCES)},u={},k;`,
  'for(k in m)u[k]=m[k]===null||c[m[k]]===true?"granted":"denied";',
  'g("consent","update",u)}',
  "}catch(e){}",
  "})(window);",
].join("");

