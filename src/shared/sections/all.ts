/** The section types, one line each (see index.ts). */
export { default as actions } from './actions';
export { default as banner } from './banner';
export { default as component } from './component';
export { default as countdown } from './countdown';
export { default as detail } from './detail';
export { default as empty } from './empty';
export { default as form } from './form';
export { default as frame } from './frame';
export { default as grid } from './grid';
export { default as html } from './html';
export { default as list } from './list';
export { default as menu } from './menu';
export { default as popup } from './popup';
export { default as qr } from './qr';
export { default as scope } from './scope';
export { default as summary } from './summary';
export { default as tabs } from './tabs';
