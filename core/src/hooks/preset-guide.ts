import type { PresetName } from './endpoints';

/**
 * What the admin tells a site owner about each preset: the service's name and what to paste where in
 * it (the docs page of each preset, docs/hooks/<preset>.md, says more). Plain data: the admin bundle
 * imports it.
 */
export interface PresetGuide {
  label: string;
  /** Where the endpoint's URL and secret go in the service. */
  paste: string;
}

export const PRESET_GUIDES: Record<PresetName, PresetGuide> = {
  contract: {
    label: 'Article service contract (signed webhook)',
    paste:
      'Give the service this URL as its webhook URL and the secret as its signing secret: it signs each delivery in X-Service-Signature.',
  },
  outrank: {
    label: 'Outrank (also SEOBlogger, NeverDrafts, Soreno)',
    paste:
      "In the service's webhook integration, paste the URL as the webhook endpoint and the secret as the access token (sent as Authorization: Bearer).",
  },
  blogseo: {
    label: 'BlogSEO',
    paste:
      "In BlogSEO's custom webhook, paste the URL, choose the HTML format, and paste the secret as the webhook secret (X-Webhook-Secret), or as the value of the custom header named in the options.",
  },
  seocraftai: {
    label: 'SEOcraftAI',
    paste:
      "In SEOcraftAI's webhook integration, paste the URL and choose the same authentication as here: Bearer token or custom header (paste the secret), or none.",
  },
  seoladders: {
    label: 'SEOLadders',
    paste:
      'In SEOLadders (CMS, Webhook), paste the URL (POST or PUT) and keep "Include HTML" on. Paste its webhook secret (X-Webhook-Secret) here as the endpoint\'s secret, or this secret there.',
  },
  rankpill: {
    label: 'RankPill',
    paste:
      "In RankPill's webhook integration, paste the URL and the secret, in the same mode as here: signature (the default) or Bearer token.",
  },
  ranksector: {
    label: 'Rank Sector',
    paste:
      "In Rank Sector's webhook settings, paste the URL, and the secret as its Secret Token: it signs each delivery with it.",
  },
  getmywebrank: {
    label: 'GetMyWebRank',
    paste: "In GetMyWebRank's webhook integration, paste the URL, and the secret as the Bearer token.",
  },
  citeflow: {
    label: 'CiteFlow',
    paste:
      "In CiteFlow's webhook settings, paste the URL. CiteFlow shows its signing secret once: give it here as the endpoint's secret (create with a given secret, or regenerate with one).",
  },
  babylovegrowth: {
    label: 'BabyLoveGrowth',
    paste: "In BabyLoveGrowth's webhook integration, paste the URL, and the secret as the Bearer token.",
  },
  arvow: {
    label: 'Arvow',
    paste: "In Arvow's webhook integration, paste the URL, and the secret as the secret (sent in X-SECRET).",
  },
  journalist: {
    label: 'Journalist AI',
    paste:
      "In Journalist AI's webhook integration, paste the URL, and the secret as the secret (sent in X-SECRET).",
  },
  seogrove: {
    label: 'SEOGrove',
    paste:
      "In SEOGrove's webhooks, paste the URL, and the secret as the signing secret (X-SEOGrove-Signature).",
  },
  ranket: {
    label: 'Ranket',
    paste:
      "In Ranket's webhook integration, paste the URL, and the secret as the signing secret (X-Ranket-Signature over the timestamp and the body).",
  },
  earlyseo: {
    label: 'EarlySEO',
    paste:
      "In EarlySEO's webhook settings, paste the URL, and the secret as its token: it is sent as a Bearer token and signs each delivery.",
  },
  custom: {
    label: 'Custom (map the JSON yourself)',
    paste:
      'Give the service this URL and the secret, the way the authentication chosen here says; the options say where each article field is in its payload.',
  },
};
