import { lazy, Suspense, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import {
  AgentChat,
  createTheme,
  EmbeddedDashboard,
  EmbedProvider,
  ThreadList,
  themeToCssVariables,
  useDashboardChatBridge,
  useThreadList,
  type AgentChatProps,
  type ChatTransport,
  type Drilldown,
  type GetSession,
  type ResultActions,
  type ThreadRecord,
  type ThreadStore,
} from '../src';
import { pinAnswer, pinResultAction } from '../src/react/boards';
import type { ExploreState } from '../src/react/explore';
import { SemanticProvider, useChatDataModel } from '../src/react/native';
import { EXPLORE_PARAM, exploreLink, urlWithExplore } from './explore-link';
import { boardUserOf, demoBoardStore, editMyBoard, myBoardId, withExploredWidget } from './my-board';
import { demoThemes, type DemoThemeName } from './themes';
import { demoUsers, type DemoDashboard, type DemoUser } from './users';
import './demo.css';

/** Where the demo gets sessions and chat: the host's backend, or the mock directly in Storybook. */
export interface DemoBackend {
  /** The embedding service's origin, where the iframes load from. */
  embedBaseUrl: string;
  /** A `getSession` for this user (in an app: a call to the host's session route). */
  getSession(user: DemoUser): GetSession;
  /** The chat transport for this user (in an app: the host's chat proxy). */
  chatTransport(user: DemoUser): ChatTransport;
}

/** Props of {@link DemoApp}. */
export interface DemoAppProps {
  backend: DemoBackend;
  dashboards: readonly DemoDashboard[];
  initialUserId?: string;
  initialTheme?: DemoThemeName;
  /**
   * Where conversations are remembered: `localStorage` under this key and the user's id
   * (the current thread survives a reload, mid-answer too), or nowhere (null: a list in
   * memory, for stories that must start afresh). Default `acme-insights`.
   */
  conversationsKey?: string | null;
  /**
   * Where each user's "My board" is kept: `localStorage` under this key and the user's id, or
   * in memory (null: a board that starts afresh, for stories). Default `acme-insights-boards`.
   */
  boardsKey?: string | null;
}

/** A thread list kept in memory only (the host's own store, as a server-side one would be). */
function memoryThreads(): ThreadStore {
  let threads: ThreadRecord[] = [];
  return {
    list: () => threads,
    save: (thread) => void (threads = [thread, ...threads.filter((t) => t.chatId !== thread.chatId)]),
    remove: (chatId) => void (threads = threads.filter((t) => t.chatId !== chatId)),
  };
}

/** The question a bar asks: "Tell me about Europe's revenue" (the mock's widget ids read "revenue-by-region"). */
function questionFor({ value, widgetId }: Drilldown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const measure = widgetId?.split('-by-')[0] ?? 'revenue';
  return `Tell me about ${String(value).replace(/\s+/g, ' ').slice(0, 80)}'s ${measure}`;
}

/**
 * The analyst chat with the data model as its `dataModel`: the empty chat offers questions
 * built from the model's members, and every answer ends with follow-ups that know its
 * dimensions. Without a deployment (no dashboards) the chat keeps its fixed questions.
 */
function ChatWithModel(props: AgentChatProps) {
  return <AgentChat {...props} dataModel={useChatDataModel()} />;
}

// Loaded when picked: the iframe dashboards' first load stays as it was.
const NativeOverview = lazy(() => import('./NativeOverview').then((module) => ({ default: module.NativeOverview })));
const MyBoard = lazy(() => import('./MyBoard').then((module) => ({ default: module.MyBoard })));
const ExplorePage = lazy(() => import('./ExplorePage').then((module) => ({ default: module.ExplorePage })));

/** The sidebar's entries beside the iframe dashboards. */
const NATIVE = 'native-overview';
const MY_BOARD = 'my-board';
const EXPLORE = 'explore';
/** What the main area shows. */
type Page = 'dashboard' | 'native' | 'board' | 'explore';
const PAGES: Record<string, Page> = { [NATIVE]: 'native', [MY_BOARD]: 'board', [EXPLORE]: 'explore' };
const TITLES: Record<Exclude<Page, 'dashboard'>, string> = {
  native: 'Native overview',
  board: 'My board',
  explore: 'Explore',
};
const NOTES: Record<Page, string> = {
  dashboard: 'Click a bar to ask the analyst about it.',
  native: 'Click a bar to ask the analyst about it.',
  board: 'Arrange it as you like. "Pin to board" on a chat answer adds it here, live with your data access.',
  explore: 'Pick measures and dimensions to ask a question by pointing; "Save to board" keeps it on My board.',
};

/**
 * One user's dashboard and chat, connected by `useDashboardChatBridge`: a click on a bar in
 * the dashboard asks the analyst about it; "Show in dashboard" on an answer filters the
 * dashboard to it; "Pin to board" adds it to the user's own board. Keyed by user: a new
 * identity gets a new thread and its own board.
 */
function Workspace({
  user,
  dashboard,
  transport,
  conversationsKey,
  boardsKey,
  page,
  onOpenBoard,
}: {
  user: DemoUser;
  dashboard: DemoDashboard | undefined;
  transport: ChatTransport;
  conversationsKey: string | null;
  boardsKey: string | null;
  /** The iframe of `dashboard`, or a page over its deployment (native overview, My board, Explore). */
  page: Page;
  /** Shows My board (after "Save to board"). */
  onOpenBoard: () => void;
}) {
  const main = useRef<HTMLElement>(null);
  const chat = useRef<HTMLElement>(null);
  // The user's conversations: the list, and the chat's current thread, remembered per user.
  const key = conversationsKey === null ? null : `${conversationsKey}:${user.id}`;
  const [memory] = useState(memoryThreads);
  const threads = useThreadList(key === null ? { store: memory } : { user: key });
  const bridge = useDashboardChatBridge({
    transport,
    question: questionFor,
    // On a phone the dashboard is above the chat: bring it into view.
    onFilters: () => main.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
  });
  const filters = Object.entries(bridge.filters).filter(([, values]) => values.length > 0);
  // The user's board: its store, and a generation that starts the board on screen again after
  // a pin or a save changed it in the store.
  const [boards] = useState(() => demoBoardStore(boardsKey, user));
  const [boardUser] = useState(() => boardUserOf(user));
  const [boardGeneration, setBoardGeneration] = useState(0);
  const [pin] = useState(() =>
    pinResultAction({
      onPin: async (answer) => {
        // A board on screen saves its waiting edit as it goes: let it, before the pin reads the board.
        flushSync(() => setBoardGeneration((n) => n + 1));
        // Titled by the user's own question (the chat's table keeps the query's title: two
        // tables of one name on a page are two landmarks a screen reader cannot tell apart).
        const title = answer.question?.slice(0, 200).trim() || answer.title;
        await pinAnswer(boards, boardUser, await myBoardId(boards, boardUser), { ...answer, title });
        setBoardGeneration((n) => n + 1);
      },
    }),
  );
  // "Show in dashboard" (the bridge's) and "Pin to board" on every result.
  const resultActions: ResultActions = (call, message) => [
    ...(bridge.chatProps.resultActions(call, message) ?? []),
    ...(pin(call, message) ?? []),
  ];
  const saveExplored = (state: ExploreState, title: string) =>
    editMyBoard(boards, boardUser, (definition) => withExploredWidget(definition, state, title)).then(() =>
      setBoardGeneration((n) => n + 1),
    );
  const native = page === 'native';
  // "Open My board" takes its button away with the page: focus goes to the new page's title.
  const title = useRef<HTMLHeadingElement>(null);
  const focusTitle = useRef(false);
  useEffect(() => {
    if (!focusTitle.current) return;
    focusTitle.current = false;
    title.current?.focus();
  }, [page]);
  return (
    <>
      <section className="demo-conversations" aria-labelledby="demo-conversations-title">
        <h2 className="demo-sidebar__title" id="demo-conversations-title">
          Conversations
        </h2>
        <ThreadList
          list={threads}
          // On a phone the chat is below: bring it into view with the thread picked.
          onSelect={() => chat.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })}
        />
      </section>
      <main className="demo-main" ref={main}>
        <h1 ref={title} className="demo-main__title" tabIndex={-1}>
          {page === 'dashboard' ? (dashboard?.title ?? 'No dashboards') : TITLES[page]}
        </h1>
        <p className="demo-main__note">
          Showing what {user.name} may see: {user.role.toLowerCase()}. {NOTES[page]}
        </p>
        <div className="demo-filters" aria-live="polite">
          {/* The chat's filters reach the dashboards (My board and Explore have their own). */}
          {(page === 'dashboard' || native) && filters.length > 0 && (
            <>
              <span>
                Filtered from the chat:{' '}
                {filters
                  .map(
                    ([member, values]) =>
                      `${member.split('.').pop()} is ${values.length > 3 ? `one of ${values.length}` : values.join(', ')}`,
                  )
                  .join('; ')}
              </span>
              <button type="button" onClick={() => bridge.setFilters({})}>
                Clear filter
              </button>
            </>
          )}
        </div>
        {native && dashboard && (
          <Suspense fallback={null}>
            <NativeOverview
              deploymentId={dashboard.deploymentId}
              filters={bridge.filters}
              onDrilldown={bridge.dashboardProps.onDrilldown}
            />
          </Suspense>
        )}
        {page === 'board' && dashboard && (
          <Suspense fallback={null}>
            <MyBoard key={boardGeneration} deploymentId={dashboard.deploymentId} store={boards} user={boardUser} />
          </Suspense>
        )}
        {page === 'explore' && dashboard && (
          <Suspense fallback={null}>
            <ExplorePage
              deploymentId={dashboard.deploymentId}
              onSave={saveExplored}
              onOpenBoard={() => {
                focusTitle.current = true;
                onOpenBoard();
              }}
            />
          </Suspense>
        )}
        {page === 'dashboard' && dashboard && (
          <EmbeddedDashboard
            key={dashboard.publicId}
            publicId={dashboard.publicId}
            deploymentId={dashboard.deploymentId}
            title={dashboard.title}
            minHeight={320}
            {...bridge.dashboardProps}
          />
        )}
      </main>
      <aside className="demo-chat" aria-label="Ask the data analyst" ref={chat}>
        {/* The semantic layer's model of the dashboard's deployment: the empty chat asks about it. */}
        <SemanticProvider deploymentId={dashboard?.deploymentId}>
          <ChatWithModel
            {...bridge.chatProps}
            resultActions={resultActions}
            {...threads.chatProps}
            persist={key === null ? undefined : { user: key }}
            user={{ displayName: user.name }}
            agent={{ name: 'Data analyst' }}
          />
        </SemanticProvider>
      </aside>
    </>
  );
}

/**
 * A small analytics product built on react-embedded-analytics: a sidebar of dashboards and of
 * the user's conversations, the chosen dashboard as a signed embed, the analyst chat beside
 * it (the two connected: a bar asks the chat, an answer filters the dashboard; the chat
 * survives a reload), the user's own board (answers pinned from the chat, questions saved
 * from Explore), the explorer (its question in the URL), and pickers for the signed-in user (row-level security changes with
 * them) and the theme (embeds, charts and chat follow it).
 */
export function DemoApp({
  backend,
  dashboards,
  initialUserId,
  initialTheme = 'Light',
  conversationsKey = 'acme-insights',
  boardsKey = 'acme-insights-boards',
}: DemoAppProps) {
  const [userId, setUserId] = useState(initialUserId ?? demoUsers[0]!.id);
  const [themeName, setThemeName] = useState<DemoThemeName>(initialTheme);
  // A link with an explored question opens the explorer.
  const [publicId, setPublicId] = useState(() =>
    exploreLink() !== undefined && dashboards.length > 0 ? EXPLORE : dashboards[0]?.publicId,
  );
  const user = demoUsers.find((candidate) => candidate.id === userId) ?? demoUsers[0]!;
  const page: Page =
    dashboards.length > 0 && publicId !== undefined && Object.hasOwn(PAGES, publicId) ? PAGES[publicId]! : 'dashboard';
  // Back to a URL with an explored question: the explorer again.
  useEffect(() => {
    const onPop = () => {
      if (exploreLink() !== undefined && dashboards.length > 0) setPublicId(EXPLORE);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [dashboards.length]);
  /** Shows `next`; leaving the explorer takes its question out of the URL (back brings it again). */
  const open = (next: string) => {
    if (next !== EXPLORE && new URLSearchParams(window.location.search).has(EXPLORE_PARAM))
      window.history.pushState(null, '', urlWithExplore(undefined));
    setPublicId(next);
  };
  const dashboard = dashboards.find((candidate) => candidate.publicId === publicId) ?? dashboards[0];
  const theme = useMemo(() => createTheme(demoThemes[themeName]), [themeName]);
  // New identity, new sessions and a new thread: keyed by user.
  const getSession = useMemo(() => backend.getSession(user), [backend, user]);
  const transport = useMemo(() => backend.chatTransport(user), [backend, user]);
  const style = { ...themeToCssVariables(theme), colorScheme: theme.colorScheme } as CSSProperties;

  return (
    <EmbedProvider getSession={getSession} baseUrl={backend.embedBaseUrl} theme={theme}>
      <div className="demo" style={style}>
        <header className="demo-header">
          <span className="demo-brand">
            <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
              <rect width="32" height="32" rx="7" fill="var(--ek-color-primary)" />
              <rect x="7" y="17" width="4" height="8" rx="1" fill="var(--ek-color-background)" />
              <rect x="14" y="11" width="4" height="14" rx="1" fill="var(--ek-color-background)" />
              <rect x="21" y="6" width="4" height="19" rx="1" fill="var(--ek-color-background)" />
            </svg>
            Acme Insights
          </span>
          <div className="demo-pickers">
            <label>
              Signed in as
              <select value={user.id} onChange={(event) => setUserId(event.target.value)}>
                {demoUsers.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name} ({candidate.role})
                  </option>
                ))}
              </select>
            </label>
            <label>
              Theme
              <select value={themeName} onChange={(event) => setThemeName(event.target.value as DemoThemeName)}>
                {Object.keys(demoThemes).map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </label>
          </div>
        </header>
        <div className="demo-body" data-page={page}>
          <nav className="demo-sidebar" aria-label="Dashboards">
            <h2 className="demo-sidebar__title">Dashboards</h2>
            <ul>
              {dashboards.map((candidate) => (
                <li key={candidate.publicId}>
                  <button
                    type="button"
                    aria-current={
                      page === 'dashboard' && candidate.publicId === dashboard?.publicId ? 'page' : undefined
                    }
                    onClick={() => open(candidate.publicId)}
                  >
                    {candidate.title}
                  </button>
                </li>
              ))}
              {dashboards.length > 0 &&
                ([NATIVE, MY_BOARD, EXPLORE] as const).map((id) => (
                  <li key={id}>
                    <button
                      type="button"
                      aria-current={page === PAGES[id] ? 'page' : undefined}
                      onClick={() => open(id)}
                    >
                      {TITLES[PAGES[id] as Exclude<Page, 'dashboard'>]}
                    </button>
                  </li>
                ))}
            </ul>
          </nav>
          <Workspace
            key={user.id}
            user={user}
            dashboard={dashboard}
            transport={transport}
            conversationsKey={conversationsKey}
            boardsKey={boardsKey}
            page={page}
            onOpenBoard={() => open(MY_BOARD)}
          />
        </div>
      </div>
    </EmbedProvider>
  );
}
