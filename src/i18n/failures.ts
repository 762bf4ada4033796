/**
 * Refusals, by code: of the game service and the tournaments, of the engine (why a move is not
 * legal), and of an OpenTafl rules string. Each module names its own codes; the catalogue's
 * `failures` namespace tells their union, and this picks the key.
 */

import type english from '../../locales/en/failures.json';
import type {
  DecidedStartReason,
  OpenTaflKey,
  OpenTaflRulesErrorCode,
  OpenTaflRulesParams,
  RefusalCode,
  RefusalParams,
  Side,
} from '../engine/index.ts';
import type { GameFailureCode } from '../game/failures.ts';
import type { TournamentFailureCode } from '../tournament/failures.ts';
import { i18n, resources, SOURCE_LANGUAGE } from './resources.ts';

type Params = Readonly<Record<string, string | number | undefined>>;

/** The refusals of the services, told by the catalogue's `service` section: the games' and the tournaments'. */
export type ServiceFailureCode = GameFailureCode | TournamentFailureCode;
/** Every code the `failures` namespace tells: the services' refusals, and the engine's of a move. */
export type FailureCode = ServiceFailureCode | RefusalCode;

/** A key's code, without the context (a side, a square's kind) that picks among its phrasings. */
type Code<K> = K extends `${infer C}_${string}` ? C : K;
/** Every code of the service and of the engine has words in the English catalogue: else this fails to compile. */
const everyCodeTold: [
  ServiceFailureCode extends Code<keyof (typeof english)['service']> ? true : never,
  RefusalCode extends Code<keyof (typeof english)['refusals']> ? true : never,
  OpenTaflRulesErrorCode extends keyof (typeof english)['rules'] ? true : never,
  DecidedStartReason extends Code<keyof (typeof english)['decidedStart']> ? true : never,
] = [true, true, true, true];
void everyCodeTold;

const codes = (section: 'service' | 'refusals' | 'rules') => [
  ...new Set(
    Object.keys((resources[SOURCE_LANGUAGE].failures as Record<string, object>)[section]).map(
      (key) => key.split('_')[0],
    ),
  ),
];

export function failureMessages(language: string) {
  const t = i18n.getFixedT(language, 'failures');
  const named = (key: string | undefined, value: string | undefined) => {
    const name = key ? t(`ruleNames.${key as OpenTaflKey}`, { defaultValue: '' }) : '';
    return name ? t('rules.named', { key, value, name }) : t('rules.unnamed', { key, value });
  };
  const rules = (code: OpenTaflRulesErrorCode, p: OpenTaflRulesParams): string =>
    t(`rules.${code}`, {
      ...p,
      named: named(p.key, p.value),
      otherNamed: named(p.otherKey, p.otherValue),
      name: p.key ? t(`ruleNames.${p.key as OpenTaflKey}`, { defaultValue: p.key }) : '',
    });

  /** Why a start leaves nothing to play (after "the game would be over before its first move: "). */
  const decidedStart = (p: Params): string =>
    t(`decidedStart.${p.reason as DecidedStartReason}`, { context: p.side as Side | undefined });

  const service = (code: ServiceFailureCode, p: Params = {}): string => {
    switch (code) {
      case 'variant-start-decided':
      case 'start-decided':
        return t(`service.${code}`, { reason: decidedStart(p) });
      case 'not-your-turn':
        return t('service.not-your-turn', { ...p, context: p.side as Side });
      case 'no-tournament':
        return p.name ? t('service.no-tournament', { ...p, context: 'named' }) : t('service.no-tournament');
      case 'variant-rules-invalid':
        return t('service.variant-rules-invalid', {
          reason: rules(p.rulesCode as OpenTaflRulesErrorCode, p as OpenTaflRulesParams),
        });
      default:
        return t(`service.${code}`, p);
    }
  };
  const refusal = (code: RefusalCode, p: RefusalParams): string => {
    switch (code) {
      case 'not-your-piece':
        return t('refusals.not-your-piece', { ...p, context: p.side });
      case 'king-only-stop':
      case 'king-only-pass':
        return t(`refusals.${code}`, { ...p, context: p.special });
      default:
        return t(`refusals.${code}`, p as Params);
    }
  };

  return {
    /** Refusals of the game service, by code. */
    failures: Object.fromEntries(
      codes('service').map((code) => [code, (p?: Params) => service(code as ServiceFailureCode, p)]),
    ) as Record<ServiceFailureCode, (p?: Params) => string>,
    /** Why a move is not legal, by the engine's refusal code. */
    refusals: Object.fromEntries(
      codes('refusals').map((code) => [code, (p: RefusalParams) => refusal(code as RefusalCode, p)]),
    ) as Record<RefusalCode, (p: RefusalParams) => string>,
    /** Why an OpenTafl rules string is refused, by the reader's code. */
    rulesRefusal: rules,
  };
}
