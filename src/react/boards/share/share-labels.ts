import type { BoardRole } from '../../../protocol/board/store';

/** Words of the Share dialog (for another language, replace them all). */
export interface ShareDialogLabels {
  /** The dialog's heading: `Share "Q3 revenue"`. */
  heading: (title: string) => string;
  /** Who owns the board: "Owner: Erin Example". */
  owner: (name: string) => string;
  /** The search field's label. Default "Add people or groups". */
  search: string;
  /** While the directory is asked. Default "Searching…". */
  searching: string;
  /** How many the directory found (said to screen readers). */
  found: (count: number) => string;
  /** Nobody matched. Default "No one found". */
  noneFound: string;
  /** The directory failed: "Could not search: …". */
  searchFailed: (reason: string) => string;
  /** No directory to search (neither the store nor the page has one). */
  noDirectory: string;
  /** A group, beside its name. Default "Group". */
  group: string;
  /** A person, beside their name. Default "Person". */
  person: string;
  /** One without a name from the directory (never its id). Default "Someone not in your directory". */
  unnamed: string;
  /** The list of those with access. Default "People and groups with access". */
  access: string;
  /** Nobody but the owner. Default "Only the owner can open this board." */
  onlyOwner: string;
  /** A role's name. */
  role: Record<BoardRole, string>;
  /** The role field's label: "Role of Europe". */
  roleOf: (name: string) => string;
  /** Remove one's access: "Remove Europe". */
  remove: (name: string) => string;
  /** Said after a person or group was added: "Europe can view". */
  added: (name: string, role: string) => string;
  /** Said after a removal: "Europe removed". */
  removed: (name: string) => string;
  /** The link field's label. Default "Link to this board". */
  link: string;
  /** Copies the link. Default "Copy link". */
  copyLink: string;
  /** After a copy. Default "Link copied". */
  copied: string;
  /** A copy the browser refused. Default "Could not copy: select the link and copy it". */
  copyFailed: string;
  /** Saves the grants. Default "Save". */
  save: string;
  /** While they are saved. Default "Saving…". */
  saving: string;
  /** The store refused: "Not shared: …". */
  saveFailed: (reason: string) => string;
  /** Closes without saving. Default "Cancel". */
  cancel: string;
}

/** The default {@link ShareDialogLabels}. */
export const DEFAULT_SHARE_DIALOG_LABELS: ShareDialogLabels = {
  heading: (title) => `Share “${title}”`,
  owner: (name) => `Owner: ${name}`,
  search: 'Add people or groups',
  searching: 'Searching…',
  found: (count) => (count === 1 ? '1 match' : `${count} matches`),
  noneFound: 'No one found',
  searchFailed: (reason) => `Could not search: ${reason}`,
  noDirectory: 'No directory to search here: only the access already given can be changed.',
  group: 'Group',
  person: 'Person',
  unnamed: 'Someone not in your directory',
  access: 'People and groups with access',
  onlyOwner: 'Only the owner can open this board.',
  role: { view: 'Can view', edit: 'Can edit' },
  roleOf: (name) => `Role of ${name}`,
  remove: (name) => `Remove ${name}`,
  added: (name, role) => `${name} added: ${role.toLowerCase()}`,
  removed: (name) => `${name} removed`,
  link: 'Link to this board',
  copyLink: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Could not copy: select the link and copy it',
  save: 'Save',
  saving: 'Saving…',
  saveFailed: (reason) => `Not shared: ${reason}`,
  cancel: 'Cancel',
};
