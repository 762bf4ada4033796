/**
 * Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013). Each finished game is
 * one rating period for its two players. Ratings are shown on the usual Glicko scale (1500 start).
 */

/** A range of ratings (an open challenge's, in its variant), either bound optional. */
export interface RatingRange {
  min?: number;
  max?: number;
}

export interface Rating {
  rating: number;
  /** Rating deviation: how uncertain the rating is. */
  rd: number;
  volatility: number;
  games: number;
}

export interface GameScore {
  opponent: Rating;
  /** 1 win, 0.5 draw, 0 loss. */
  score: number;
}

export const INITIAL: Rating = { rating: 1500, rd: 350, volatility: 0.06, games: 0 };
/** The system constant: how much volatility may change. The paper suggests 0.3 to 1.2. */
const TAU = 0.5;
const SCALE = 173.7178;
const EPSILON = 0.000001;
/** A rating is provisional while its deviation is above this (or before the fifth game). */
export const PROVISIONAL_RD = 110;

export function isProvisional(rating: Rating): boolean {
  return rating.rd > PROVISIONAL_RD || rating.games < 5;
}

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** The player's rating after a rating period with these games. */
export function rate(player: Rating, games: GameScore[]): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  if (games.length === 0) {
    const grown = Math.sqrt(phi * phi + player.volatility * player.volatility);
    return { ...player, rd: Math.min(350, grown * SCALE) };
  }
  const opponents = games.map(({ opponent, score }) => {
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.rd / SCALE;
    return { gJ: g(phiJ), eJ: expected(mu, muJ, phiJ), score };
  });
  const v = 1 / opponents.reduce((sum, { gJ, eJ }) => sum + gJ * gJ * eJ * (1 - eJ), 0);
  const delta = v * opponents.reduce((sum, { gJ, eJ, score }) => sum + gJ * (score - eJ), 0);

  // The new volatility, by the Illinois algorithm (step 5 of the paper).
  const a = Math.log(player.volatility * player.volatility);
  const f = (x: number) => {
    const ex = Math.exp(x);
    return (
      (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU)
    );
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + v) {
    upper = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * TAU) < 0) k++;
    upper = a - k * TAU;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > EPSILON) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower /= 2;
    }
    upper = c;
    fUpper = fC;
  }
  const volatility = Math.exp(lower / 2);

  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew =
    mu + phiNew * phiNew * opponents.reduce((sum, { gJ, eJ, score }) => sum + gJ * (score - eJ), 0);
  return { rating: muNew * SCALE + 1500, rd: phiNew * SCALE, volatility, games: player.games + games.length };
}
