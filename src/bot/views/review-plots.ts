/**
 * /analyze's plots: drawn once per reviewed game and language, in the drawing thread (never on the
 * bot's event loop), and kept with the review in this process, the most recent first, up to a
 * bound in bytes. Members who ask while a plot is being drawn wait for that one drawing.
 *
 * Kept here rather than in the store: a plot (some 85 KB of PNG) is cheap to draw again after a
 * restart, and would weigh on Redis more than the review it shows.
 */
import { LRUCache } from 'lru-cache';
import type { GameReview } from '../../analysis/review.ts';
import type { Language } from '../../i18n/index.ts';
import { reviewPlotBytes, reviewPlotHits, reviewPlotsDrawn } from '../../metrics.ts';
import type { PlotLabels } from '../../render/eval-plot.ts';

/** The plots kept, at most: some 190 plots of 85 KB. */
export const PLOT_BYTES_KEPT = 16 * 1024 * 1024;

/** Which plot: a review is a finished game's, and its captions are in one language. */
export interface PlotOf {
  guildId: string;
  gameId: string;
  language: Language;
}

/** Draws a plot off the event loop (the drawing thread); rejects when too many wait already. */
export type DrawPlot = (review: GameReview, labels: PlotLabels) => Promise<Buffer>;

export class ReviewPlots {
  private readonly kept: LRUCache<string, Buffer>;
  private readonly drawing = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly draw: DrawPlot,
    bytesKept = PLOT_BYTES_KEPT,
  ) {
    this.kept = new LRUCache<string, Buffer>({
      maxSize: bytesKept,
      sizeCalculation: (plot) => plot.byteLength,
    });
  }

  /** The plot if it was drawn already, else undefined. */
  drawn(of: PlotOf): Buffer | undefined {
    const plot = this.kept.get(keyOf(of));
    if (plot) reviewPlotHits.inc();
    return plot;
  }

  /** The plot: kept from before, the drawing under way, or a new drawing. */
  plot(of: PlotOf, review: GameReview, labels: PlotLabels): Promise<Buffer> {
    const key = keyOf(of);
    const kept = this.kept.get(key);
    if (kept) {
      reviewPlotHits.inc();
      return Promise.resolve(kept);
    }
    const underWay = this.drawing.get(key);
    if (underWay) return underWay;
    const drawing = this.draw(review, labels)
      .then((plot) => {
        reviewPlotsDrawn.inc();
        this.kept.set(key, plot);
        reviewPlotBytes.set(this.kept.calculatedSize);
        return plot;
      })
      .finally(() => this.drawing.delete(key));
    this.drawing.set(key, drawing);
    return drawing;
  }

  /** The bytes of the plots kept. */
  get bytesKept(): number {
    return this.kept.calculatedSize;
  }

  /** Plots being drawn (each may have many waiting for it). */
  get drawingsUnderWay(): number {
    return this.drawing.size;
  }
}

const keyOf = ({ guildId, gameId, language }: PlotOf) => `${guildId}/${gameId}/${language}`;
