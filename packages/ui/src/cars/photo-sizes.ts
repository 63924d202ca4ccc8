/** How wide a browse card's poster is drawn: the grid's columns (Browse.module.css). */
export const CARD_GRID_SIZES = '(min-width: 1280px) 360px, (min-width: 640px) 50vw, 100vw';

/** How wide the detail page's main photo is drawn: half the page beside the details on wide screens. */
export const GALLERY_SIZES = '(min-width: 1024px) 50vw, 100vw';
