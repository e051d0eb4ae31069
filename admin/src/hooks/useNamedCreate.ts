import * as React from 'react';

/** What a name field and its create button share: the name typed, and whether a create is running. */
export interface NamedCreate {
  name: string;
  setName: (name: string) => void;
  busy: boolean;
  create: () => Promise<void>;
}

/**
 * The state of a "name it, then create it" row (an application password, an agent's token): `createNamed`
 * gets the trimmed name and says its own success or failure; the name is cleared once it succeeds.
 */
export function useNamedCreate(createNamed: (name: string) => Promise<boolean>): NamedCreate {
  const [name, setName] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const create = async () => {
    setBusy(true);
    try {
      if (await createNamed(name.trim())) setName('');
    } finally {
      setBusy(false);
    }
  };
  return { name, setName, busy, create };
}
